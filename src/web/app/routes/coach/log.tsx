import { pageMeta } from "~/app/meta";
import { firstSessionReads, LoggerPage, playersQuery, playsQuery, sessionsQuery } from "~/features/logger";
import { primeFirstReads } from "~/lib/first-reads";

export const meta = () => pageMeta("Event Logger", "Log plays from the sideline, online or off.");

/** The first load's reads in the cache before the logger renders (lib/first-reads.ts), its session's included. */
export const clientLoader = ({ request }: { request: Request }) =>
  primeFirstReads(
    [playersQuery(), sessionsQuery(), playsQuery()],
    firstSessionReads(new URL(request.url).searchParams.get("session")),
  );

export default function EventLoggerRoute() {
  return <LoggerPage />;
}
