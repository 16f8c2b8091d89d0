import { pageMeta } from "~/app/meta";
import { SessionsPage } from "~/features/sessions/sessions-page";

export const meta = () =>
  pageMeta("Practices & Games", "Every practice and game of the team: edit, merge or delete a session.");

export default function CoachSessions() {
  return <SessionsPage />;
}
