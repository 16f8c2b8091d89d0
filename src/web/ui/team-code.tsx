import { KeyRound } from "lucide-react";
import { CopyButton } from "./copy-button";

/** How a player joins the team, told once so every page that shows the code says it the same way. */
export const HOW_PLAYERS_JOIN =
  "Players choose Sign Up, pick “I'm a player” and enter this code with their jersey number and positions. They wait under “Waiting for you” on your roster until a coach confirms them.";

/** The team code on a light card, with a copy button and how players join with it. */
export function TeamCodeCard({ code, className }: { code: string; className?: string }) {
  return (
    <section aria-labelledby="team-code-title" className={["card", className].filter(Boolean).join(" ")}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="team-code-title" className="flex items-center gap-2 text-sm font-semibold text-stone-700">
            <KeyRound aria-hidden="true" className="size-4 text-field-700" /> Team code
          </h2>
          <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-stone-900">{code}</p>
        </div>
        <CopyButton text={code} label="Copy team code" />
      </div>
      <p className="mt-3 text-sm leading-relaxed text-stone-700">
        <strong className="text-stone-900">How players join: </strong>
        {HOW_PLAYERS_JOIN}
      </p>
    </section>
  );
}
