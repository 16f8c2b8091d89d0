export { useTeamLiveUpdates, TEAM_STREAM_URL } from "./use-team-live-updates";
