/*
 * Answers shaped like the real API, built from the response schemas the server declares (src/domain): each
 * builder parses what it returns, so a fixture that drifts from the contract fails loudly here.
 */
import { meSchema, type Me } from "#domain/account";
import { playerDashboardResponseSchema, type PlayerDashboardResponse } from "#domain/api/player";
import { noticesResponseSchema, type NoticeDto, type NoticesResponse } from "#domain/api/notices";
import { seasonsResponseSchema, type SeasonsResponse } from "#domain/api/seasons";
import {
  leaderboardResponseSchema,
  playerDetailResponseSchema,
  playerSummarySchema,
  type LeaderboardResponse,
  type PlayerDetailResponse,
  type PlayerSummaryDto,
} from "#domain/api/team";
import { LEADER_STATS } from "#domain/reads";
import {
  scheduleEventSchema,
  scheduleResponseSchema,
  type ScheduleEvent,
  type ScheduleResponse,
} from "#domain/api/schedule";

const TEAM = { id: "team-1", name: "Harbor Hawks", code: "HAWK23", coachInviteCode: "COACH234" };

export function coachUser(overrides: Partial<Me> = {}): Me {
  return meSchema.parse({
    id: "coach-1",
    email: "casey@example.com",
    role: "coach",
    fullName: "Casey Coach",
    coachRole: "head",
    team: TEAM,
    jerseyNumber: null,
    primaryPosition: null,
    positions: [],
    photoUrl: null,
    ...overrides,
  });
}

export function playerUser(overrides: Partial<Me> = {}): Me {
  return meSchema.parse({
    id: "player-1",
    email: "pat@example.com",
    role: "player",
    fullName: "Pat Player",
    coachRole: null,
    team: { ...TEAM, coachInviteCode: null },
    jerseyNumber: 7,
    primaryPosition: "wr",
    positions: ["wr"],
    photoUrl: null,
    ...overrides,
  });
}

const GROUP: Record<string, "offense" | "defense" | "other"> = {
  qb: "offense",
  wr: "offense",
  slot: "offense",
  rb: "offense",
  te: "offense",
  center: "offense",
  cb: "defense",
  safety: "defense",
  lb: "defense",
  rusher: "defense",
};

export function playerSummary(
  overrides: Partial<Omit<PlayerSummaryDto, "stats">> & { stats?: Partial<PlayerSummaryDto["stats"]> } = {},
): PlayerSummaryDto {
  const position = overrides.position ?? "wr";
  const { stats, ...rest } = overrides;
  return playerSummarySchema.parse({
    id: "player-1",
    name: "Pat Player",
    position,
    positionGroup: GROUP[position] ?? "other",
    jerseyNumber: 7,
    performanceScore: 0,
    eventCount: 0,
    attendancePercentage: 0,
    // Marked for sessions unless a test says otherwise (0: no attendance taken yet, shown as "—").
    attendanceMarked: 10,
    teamRanking: 1,
    lastActive: null,
    photoUrl: null,
    ...rest,
    stats: {
      totalEvents: 0,
      passingYards: 0,
      receivingYards: 0,
      rushingYards: 0,
      touchdowns: 0,
      touchdownPasses: 0,
      returnTouchdowns: 0,
      touchdownsScored: 0,
      flagPulls: 0,
      interceptions: 0,
      ...stats,
    },
  });
}

/** GET /api/team/players/{id} for a player with nothing logged, marked or written yet. */
export function emptyPlayerDetail(summary: PlayerSummaryDto): PlayerDetailResponse {
  return playerDetailResponseSchema.parse({
    player: {
      ...summary,
      primaryPosition: summary.position,
      positions: [summary.position],
      joinedAt: "2026-01-05T10:00:00.000Z",
    },
    attendance: [],
    scoreHistory: [],
    trainingLogs: [],
    feedback: [],
  });
}

/** GET /api/me/dashboard for a player with nothing yet. */
export function emptyDashboard(summary: PlayerSummaryDto, weekStart = "2026-11-23"): PlayerDashboardResponse {
  return playerDashboardResponseSchema.parse({
    summary,
    waitingForCoach: false,
    scoreHistory: [],
    recentEvents: [],
    latestFeedback: [],
    unreadFeedback: 0,
    thisWeek: { weekStart, minutes: 0, sessions: 0, logs: [] },
  });
}

/** GET /api/team/seasons: a current season and, unless `past` is false, last season before it. */
export function seasonsResponse(opts: { past?: boolean } = {}): SeasonsResponse {
  const current = {
    id: "season-2",
    name: "Spring 2027",
    startsOn: "2027-03-01",
    endsOn: null,
    current: true,
    sessionCount: 2,
    createdAt: "2027-03-01T09:00:00.000Z",
  };
  const last = {
    id: "season-1",
    name: "Fall 2026",
    startsOn: "2026-09-01",
    endsOn: "2027-02-28",
    current: false,
    sessionCount: 9,
    createdAt: "2026-09-01T09:00:00.000Z",
  };
  return seasonsResponseSchema.parse({
    seasons: opts.past === false ? [current] : [current, last],
    currentSeasonId: current.id,
  });
}

/** Leaders boards with nobody on them (a board or team stats before anything is logged). */
export function noLeaders(): LeaderboardResponse["leaders"] {
  return leaderboardResponseSchema.shape.leaders.parse(Object.fromEntries(LEADER_STATS.map((stat) => [stat, []])));
}

/** GET /api/me/notices: the notices given (newest first), unread counted from them; none by default. */
export function noticesResponse(notices: NoticeDto[] = []): NoticesResponse {
  return noticesResponseSchema.parse({ notices, unread: notices.filter((n) => n.readAt === null).length });
}

/** One event of the team's schedule (docs/product.md §12): a practice next week unless told otherwise. */
export function scheduleEvent(overrides: Partial<ScheduleEvent> = {}): ScheduleEvent {
  return scheduleEventSchema.parse({
    id: "event-1",
    kind: "practice",
    status: "scheduled",
    date: "2030-06-04",
    startTime: "18:00",
    arriveBy: "17:45",
    durationMinutes: 90,
    startsAt: "2030-06-04T18:00:00.000Z",
    endsAt: "2030-06-04T19:30:00.000Z",
    placeName: "Riverside Park",
    address: "12 River Rd",
    field: "3",
    mapUrl: "https://maps.example.com/?q=riverside",
    opponent: null,
    homeAway: null,
    notes: null,
    seriesId: null,
    sessionId: null,
    sequence: 0,
    updatedAt: "2030-05-01T10:00:00.000Z",
    cancelledAt: null,
    availability: { going: 3, maybe: 1, no: 1, unanswered: 5 },
    myAnswer: null,
    ...overrides,
  });
}

/** GET /api/team/schedule: in UTC (so the tests read the times as written), a minimum of 5. */
export function scheduleResponse(events: ScheduleEvent[], overrides: Partial<ScheduleResponse> = {}): ScheduleResponse {
  return scheduleResponseSchema.parse({ timeZone: "UTC", minPlayers: 5, events, ...overrides });
}
