export { LoggerPage } from "./logger-page";
