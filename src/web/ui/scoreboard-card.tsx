import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { ScoreboardDto } from "#domain/api/game";
import { scoreboardQuery } from "~/lib/queries";
import { formatDay } from "./format";

const RESULT_WORDS = { W: "Won", L: "Lost", T: "Tied" } as const;

/**
 * Today's game at the top of a dashboard (docs/product.md §10): "Harbor Hawks 14 – 7 Eagles" (our team's name;
 * "Us" only when it is not known) with the period and, when the
 * league tracks downs, the down; once the coach ends the game, "Final" and the result ("W 21–14"). Renders
 * nothing when no game is on today, while it loads, or when it cannot be loaded: the dashboard's own numbers are
 * what the page is for. Kept live by the layout's stream (query family team.scoreboard refreshes on events and
 * sessions changes).
 */
export function ScoreboardCard({ enabled = true, teamName }: { enabled?: boolean; teamName?: string | null }) {
  const query = useQuery({ ...scoreboardQuery(), enabled });
  const scoreboard = query.data?.scoreboard;
  if (!enabled || !scoreboard) return null;
  return <Scoreboard scoreboard={scoreboard} ours={teamName?.trim() || "Us"} />;
}

function Scoreboard({ scoreboard: s, ours }: { scoreboard: ScoreboardDto; ours: string }) {
  const id = useId();
  const final = s.final;
  const us = final ? final.us : s.score.us;
  const them = final ? final.them : s.score.them;
  const opponent = s.opponent?.trim() || "Opponent";
  // An away game reads "at Sharks", a home game (or one not marked) "vs Sharks" (issue #26.6).
  const versus = s.homeAway === "away" ? "at" : "vs";
  return (
    <section
      aria-labelledby={id}
      className="card flex flex-col gap-3 border-field-300 bg-field-50 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id={id} className="flex items-center gap-2 text-sm font-bold tracking-wide text-field-800 uppercase">
          {final ? null : <span aria-hidden="true" className="size-2.5 rounded-full bg-red-600" />}
          {final ? "Final" : "Live game"}
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {s.kind === "game" ? `Game ${versus} ${opponent}` : "Practice"} · {formatDay(s.date)}
        </p>
      </div>
      <p className="text-3xl font-extrabold tracking-tight text-stone-900 tabular-nums">
        <span className="text-lg font-bold text-stone-700">{ours}</span> {us} – {them}{" "}
        <span className="text-lg font-bold text-stone-700">{opponent}</span>
      </p>
      <p className="text-sm font-semibold text-stone-800">
        {final && s.result ? (
          <>
            Final: <abbr title={RESULT_WORDS[s.result]}>{s.result}</abbr> {final.us}–{final.them}
          </>
        ) : (
          <>
            {s.periodLabel}
            {s.down ? ` · ${s.down}` : null}
          </>
        )}
      </p>
    </section>
  );
}
