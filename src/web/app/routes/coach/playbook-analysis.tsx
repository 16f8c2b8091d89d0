import { pageMeta } from "~/app/meta";
import { PlaybookPage } from "~/features/playbook/playbook-page";

export const meta = () =>
  pageMeta("Playbook Analysis", "Which plays work: runs, completions, yards, touchdowns and points per play.");

export default function PlaybookAnalysis() {
  return <PlaybookPage />;
}
