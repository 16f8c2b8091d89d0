export { LoggerPage } from "./logger-page";
export { firstSessionReads, playersQuery, playsQuery, sessionsQuery } from "./queries";
