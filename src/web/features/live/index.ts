export { useTeamLiveUpdates } from "./use-team-live-updates";
