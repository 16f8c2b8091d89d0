import { pageMeta } from "~/app/meta";
import { TrainingLogsPage } from "~/features/training-logs/training-logs-page";

export const meta = () =>
  pageMeta("Training Logs", "Your training sessions: add, edit and filter them, with your minutes per week.");

export default function PlayerLogs() {
  return <TrainingLogsPage />;
}
