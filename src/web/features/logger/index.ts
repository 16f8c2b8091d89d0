export { LoggerPage } from "./logger-page";
export { playersQuery, playsQuery, sessionsQuery } from "./queries";
