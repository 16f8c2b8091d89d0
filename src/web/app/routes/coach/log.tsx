import { pageMeta } from "~/app/meta";
import { LoggerPage } from "~/features/logger";

export const meta = () => pageMeta("Event Logger", "Log plays from the sideline, online or off.");

export default function EventLoggerRoute() {
  return <LoggerPage />;
}
