import { pageMeta } from "~/app/meta";
import { LoggerPage, playersQuery, playsQuery, sessionsQuery } from "~/features/logger";
import { primeFirstReads } from "~/lib/first-reads";

export const meta = () => pageMeta("Event Logger", "Log plays from the sideline, online or off.");

/** The first load's reads in the cache before the logger renders (lib/first-reads.ts). */
export const clientLoader = () => primeFirstReads([playersQuery(), sessionsQuery(), playsQuery()]);

export default function EventLoggerRoute() {
  return <LoggerPage />;
}
