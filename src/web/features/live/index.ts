export { useTeamLiveUpdates, TEAM_STREAM_URL } from "./use-team-live-updates";
export { teamKeys, TEAM_ROOT_KEY, viewerTzOffset } from "./team-keys";
export { ME_ROOT_KEY, meKeys } from "./me-keys";
