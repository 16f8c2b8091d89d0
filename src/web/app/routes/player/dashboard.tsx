import { Activity, NotebookPen, UserRound } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { AppPageHeader, firstName, Panel, Stat } from "~/ui/app-page";
import { effectivePosition, positionName } from "../../../../domain/positions";

export const meta = () => pageMeta("Player Dashboard", "Your performance score, team ranking, attendance and recent plays.");

export default function PlayerDashboard() {
  const me = useCurrentUser();
  const position = positionName(effectivePosition(me));
  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team ? me.team.name : "Player"}
        title="Player Dashboard"
        lead={
          <>
            Hi {firstName(me.fullName)}
            {me.jerseyNumber !== null ? ` (#${me.jerseyNumber}, ${position})` : ""}. This is where your season adds
            up: every play your coach logs for you lands here.
          </>
        }
      />

      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Performance score" value={null} note="Weighted by your position; appears after your first logged play." />
        <Stat label="Team ranking" value={null} note="From 1 to 10, based on your score." />
        <Stat label="Attendance" value={null} note="Share of team practices and games you attended." />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Recent plays" icon={<Activity className="size-5" />}>
          <p>
            Catches, flag pulls, touchdowns and the rest, newest first, with the yards that went with them. Nothing
            has been logged for you yet.
          </p>
        </Panel>
        <Panel title="Keep your details current" icon={<UserRound className="size-5" />}>
          <p>Your coach finds you in the logger by name, number and position.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/player/profile" className="btn btn-secondary">
              <UserRound aria-hidden="true" className="size-4" /> My Profile
            </Link>
            <Link to="/player/logs" className="btn btn-secondary">
              <NotebookPen aria-hidden="true" className="size-4" /> Training Logs
            </Link>
          </div>
        </Panel>
      </div>
    </div>
  );
}
