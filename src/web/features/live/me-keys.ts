import type { TrainingLogQuery } from "../../../domain/api/player";

/**
 * The signed-in player's own data lives under ["me", ...] (GET /api/me/*, /api/profile), so one invalidation of
 * ["me"] refreshes all of it: useTeamLiveUpdates does that on every team change, as it does for ["team"]. The
 * session itself (["session", "me"]) is not under it: a live change never re-runs the session check.
 */
export const ME_ROOT_KEY = ["me"] as const;

export const meKeys = {
  all: ME_ROOT_KEY,
  /** GET /api/me/dashboard */
  dashboard: (tzOffset: number) => ["me", "dashboard", { tzOffset }] as const,
  /** GET /api/profile */
  profile: () => ["me", "profile"] as const,
  /** GET /api/me/feedback */
  feedback: () => ["me", "feedback"] as const,
  /** GET /api/me/training-logs, one entry per filter. */
  trainingLogs: (filters: TrainingLogQuery) =>
    ["me", "training-logs", { type: filters.type ?? null, from: filters.from ?? null, to: filters.to ?? null }] as const,
};
