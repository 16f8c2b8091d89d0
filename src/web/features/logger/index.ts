export { EventLogger } from "./event-logger";
