import { ArrowLeft, MessageSquareText } from "lucide-react";
import { Link, useLocation } from "react-router";
import { pageMeta } from "~/app/meta";
import { safeNextPath } from "~/app/session-paths";
import { AppPageHeader, Panel, Stat } from "~/ui/app-page";
import type { Route } from "./+types/player-detail";

export const meta = () => pageMeta("Player Detail", "One player's stats, plays and attendance.");

/** The player search opens this page with the player it showed and where to return (SPEC §2). */
interface PlayerDetailState {
  player?: { name?: unknown };
  returnTo?: unknown;
}

function readState(state: unknown): { name: string | null; returnTo: string } {
  const s = (typeof state === "object" && state !== null ? state : {}) as PlayerDetailState;
  const name = typeof s.player?.name === "string" && s.player.name.trim() !== "" ? s.player.name : null;
  const returnTo = (typeof s.returnTo === "string" ? safeNextPath(s.returnTo) : null) ?? "/coach/team-roster";
  return { name, returnTo };
}

export default function PlayerDetail({ params }: Route.ComponentProps) {
  const location = useLocation();
  const { name, returnTo } = readState(location.state);
  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={name ?? undefined}
        title="Player Detail"
        lead={`Everything logged for ${name ?? "this player"}: performance score, ranking, attendance, stats and recent plays.`}
        actions={
          <>
            <Link to={returnTo} className="btn btn-secondary">
              <ArrowLeft aria-hidden="true" className="size-4" /> Back
            </Link>
            <Link to={`/coach/player/${encodeURIComponent(params.id)}`} className="btn btn-field">
              <MessageSquareText aria-hidden="true" className="size-4" /> Give feedback
            </Link>
          </>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Performance score" value={null} />
        <Stat label="Team ranking" value={null} />
        <Stat label="Attendance" value={null} />
        <Stat label="Logged plays" value={null} />
      </div>
      <Panel title="Stats">
        <p>
          Passing, receiving and rushing yards, touchdowns, flag pulls and interceptions, followed by this player's
          plays with their dates.
        </p>
      </Panel>
    </div>
  );
}
