import type { ColumnType, Insertable, Selectable } from "kysely";

/*
 * The Kysely view of the database. Conventions (docs/architecture.md "Data"):
 * - our timestamps: ISO-8601 UTC strings with milliseconds in text columns (text order is time order);
 * - session dates: 'YYYY-MM-DD' text; booleans: integer 0/1; JSON lists: text holding JSON; ids: text UUIDs.
 * Better Auth's tables keep its own camelCase names and its own types per engine (see migrations/001_auth.ts),
 * so their dates and booleans read back differently on SQLite (ISO text, 0/1) and PostgreSQL (Date, boolean).
 */

/** A Better Auth date column: `date` (ISO text) on SQLite, `timestamptz` (Date) on PostgreSQL. */
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
/** A Better Auth boolean: integer 0/1 on SQLite, boolean on PostgreSQL. */
type AuthBoolean = ColumnType<boolean | number, boolean | number, boolean | number>;

interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

interface AuthSessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  /** bigint: pg returns it as a string. */
  lastRequest: ColumnType<number | string, number | bigint, number | bigint>;
}

export type Role = "player" | "coach";
export type CoachRole = "head" | "assistant";
export type SessionKind = "practice" | "game";
type PlaySide = "offense" | "defense";
export type FileKind = "photo" | "diagram";

/** 0 or 1. */
export type IntBoolean = 0 | 1;

interface TeamsTable {
  id: string;
  name: string;
  team_code: string;
  coach_invite_code: string;
  created_at: string;
  /** JSON of the domain's LeagueRules; null: the NFL FLAG defaults. */
  league_rules: ColumnType<string | null, string | null | undefined, string | null>;
  /** IANA zone the schedule is written in (migration 016); 'UTC' until the coach chooses one. */
  time_zone: ColumnType<string, string | undefined, string>;
  /** Fewer players going than this and the coach is warned (016); null: the default, 5. */
  min_players: ColumnType<number | null, number | null | undefined, number | null>;
}

interface ProfilesTable {
  user_id: string;
  team_id: string | null;
  role: Role;
  coach_role: CoachRole | null;
  full_name: string;
  jersey_number: number | null;
  primary_position: string | null;
  /** JSON array of position keys. */
  positions: ColumnType<string, string | undefined, string>;
  photo_file_id: string | null;
  /** A roster player's invite link token while nobody has claimed the row (005); null once claimed. */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0: joined with the team code and waiting for the coach to confirm them (005). */
  confirmed: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>;
  /** A jersey number or primary position the player asked for, waiting for the coach (005). */
  requested_jersey_number: ColumnType<number | null, number | null | undefined, number | null>;
  requested_primary_position: ColumnType<string | null, string | null | undefined, string | null>;
  requested_at: ColumnType<string | null, string | null | undefined, string | null>;
  joined_at: string | null;
  created_at: string;
  updated_at: string;
  /** The team this member was last removed from, and when (008); cleared when they join a team again. */
  left_team_id: ColumnType<string | null, string | null | undefined, string | null>;
  left_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** YYYY-MM-DD (021); null: not known. Entered by the coach or a guardian. */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: a guardian lets other families on the team see the child's full name and photo (021). */
  share_with_team: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>;
}

/** An account that is a guardian and nothing else (021): no profile, on no team. */
interface GuardiansTable {
  user_id: string;
  full_name: string;
  created_at: string;
}

/** A guardian acting for a player (021); many to many. */
interface GuardianLinksTable {
  guardian_id: string;
  player_id: string;
  created_at: string;
}

/** A coach's single-use link inviting one guardian of one player (021). */
interface GuardianInvitesTable {
  /** Hex SHA-256 of the link's token; the token itself is shown once. */
  token_hash: string;
  player_id: string;
  team_id: string;
  created_at: string;
  expires_at: string;
  /** The address the link was mailed to (026); null for a link shared by hand. */
  email: string | null;
}

/** The consent ledger (021): append-only, no foreign keys, kept through purges. */
interface ConsentRecordsTable {
  id: string;
  player_id: string;
  guardian_id: string;
  guardian_name: string;
  action: "given" | "withdrawn";
  text_version: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

/** A coach's message to the team (022). */
interface AnnouncementsTable {
  id: string;
  team_id: string;
  author_id: string | null;
  author_name: string;
  body: string;
  pinned_until: string | null;
  created_at: string;
}

interface FollowLinksTable {
  session_id: string;
  team_id: string;
  generation: number;
  active: IntBoolean;
  created_by: string | null;
  created_at: string;
}

interface RetentionNoticesTable {
  player_id: string;
  reason: "left_team" | "team_inactive";
  notified_at: string;
  purge_after: string;
  purged_at: string | null;
}

interface TeamSessionsTable {
  id: string;
  team_id: string;
  kind: SessionKind;
  /** YYYY-MM-DD */
  date: string;
  opponent: string | null;
  location: string | null;
  notes: string | null;
  created_by: string;
  created_at: string;
  home_away: ColumnType<"home" | "away" | null, "home" | "away" | null | undefined, "home" | "away" | null>;
  /** The official final score, set when the coach ends the game. */
  final_us: ColumnType<number | null, number | null | undefined, number | null>;
  final_them: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when the final score was entered by hand and differs from the snaps' total. */
  final_corrected: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>;
  ended_at: ColumnType<string | null, string | null | undefined, string | null>;
  ended_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The season the session was created in (migration 007); the server assigns it. */
  season_id: string;
}

/** When a session's period after the first started (migration 012, decision 0022): the game owns its period. */
interface SessionPeriodsTable {
  session_id: string;
  period: number;
  /** ISO-8601 UTC */
  started_at: string;
}

/** What happened to a person, told in the app (migration 013, docs/product.md §11). */
interface NoticesTable {
  id: string;
  user_id: string;
  team_id: string;
  kind: string;
  /** JSON object of the text's parameters. */
  params: string;
  /** ISO-8601 UTC */
  created_at: string;
  read_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A head coach's API token for their team (migration 015); only the token's SHA-256 is stored. */
interface ApiTokensTable {
  id: string;
  team_id: string;
  /** The coach who made it: the token acts as them. */
  user_id: string;
  name: string;
  scope: "read" | "write";
  /** Hex SHA-256 of the whole token text. */
  token_hash: string;
  /** ISO-8601 UTC */
  created_at: string;
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A planned game or practice of the team's schedule (migration 016); never deleted, cancelled instead. */
interface ScheduleEventsTable {
  id: string;
  team_id: string;
  /** The same on every event a repeating series made; null for a one-off. */
  series_id: string | null;
  kind: "game" | "practice";
  status: "scheduled" | "cancelled";
  /** YYYY-MM-DD in the team's zone. */
  local_date: string;
  /** HH:MM in the team's zone. */
  start_time: string;
  arrive_by: string | null;
  duration_minutes: number;
  /** ISO-8601 UTC, computed from local_date, start_time (and duration) in the team's zone. */
  starts_at: string;
  ends_at: string;
  place_name: string | null;
  address: string | null;
  field: string | null;
  map_url: string | null;
  opponent: string | null;
  home_away: "home" | "away" | null;
  notes: string | null;
  /** The practice or game logged for it. */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Raised on every change: the calendar feed's SEQUENCE. */
  sequence: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  /** The league game this event shows (migration 027): publishing the league's schedule wrote it. */
  league_game_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A person's calendar subscription (migration 017): the feed token is an HMAC of the user id and `generation`
 * (db/calendar-feeds.ts), never stored; replacing the address raises `generation`.
 */
interface CalendarFeedsTable {
  user_id: string;
  generation: number;
  created_at: string;
}

/** A player's answer to a scheduled event (migration 016). */
interface ScheduleAnswersTable {
  event_id: string;
  player_id: string;
  answer: "going" | "maybe" | "no";
  note: string | null;
  /** Who answered: the player, or a coach for them. */
  answered_by: string | null;
  answered_at: string;
}

/** A message to send, kept until the SMTP server took it (migration 018, decision 0028). */
interface MailOutboxTable {
  id: string;
  /** Unique: the same key enqueued twice is one row (e.g. reminder:<eventId>:<userId>:<slot>). */
  idempotency_key: string;
  /** What it is, for the log: reminder, players_short, change, digest. */
  kind: string;
  /** Whose mail it is (deleted with them); null for mail to no account. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  recipient: string;
  subject: string;
  /** The plain-text body. */
  body: string;
  /** JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: string;
  /** ISO-8601 UTC: not sent before this (a retry's back-off). */
  not_before: string;
  /** ISO-8601 UTC: given up if not sent by then (a reminder whose event ended); null: never. */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** The server process sending it, and until when its claim holds. */
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  failed_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** A device a person turned notifications on for (migration 025, decision 0035). */
interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's URL for this device (unique). */
  endpoint: string;
  /** RFC 8291: the device's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
  /** "Chrome on Android", from the browser's user agent when it subscribed. */
  device: string;
  created_at: string;
  /** When the push service last accepted a notification for it. */
  last_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Which notifications a person wants (migration 025); no row: all of them. */
interface PushPreferencesTable {
  user_id: string;
  game_start: ColumnType<number, number | undefined, number>;
  scores: ColumnType<number, number | undefined, number>;
  game_final: ColumnType<number, number | undefined, number>;
  schedule: ColumnType<number, number | undefined, number>;
  announcements: ColumnType<number, number | undefined, number>;
  updated_at: string;
}

/** One notification for one device, kept until the push service took it (migration 025, as mail_outbox). */
interface PushOutboxTable {
  id: string;
  /** `<notification key>:<subscription id>`. */
  idempotency_key: string;
  /** What it is, for the log: game_start, score, game_final, schedule, reminder, announcement, test. */
  kind: string;
  subscription_id: string;
  /** JSON of domain/push.ts PushPayload, encrypted for the device when sent. */
  payload: string;
  /** RFC 8030 Urgency. */
  urgency: string;
  /** RFC 8030 TTL: how long the push service keeps it for a device that is offline. */
  ttl_seconds: number;
  /** RFC 8030 Topic: a newer message of the same topic replaces one the device has not received. */
  topic: ColumnType<string | null, string | null | undefined, string | null>;
  not_before: string;
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  failed_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** The key of each notification fanned out to devices (migration 025). */
interface PushNoticesTable {
  key: string;
  created_at: string;
}

/** A team's reminder times (migration 018); no row: the defaults of domain/reminders.ts. */
interface TeamReminderSettingsTable {
  team_id: string;
  /** Days before the event of the first reminder; null: no first reminder. */
  first_days_before: number | null;
  /** HH:MM of the first reminder in the team's zone; null: the event's own start time. */
  first_time: string | null;
  /** HH:MM of the reminder on the event's day; null: none. */
  second_time: string | null;
  /** 1: warn the coaches when fewer than the minimum are going, at the first reminder's time. */
  coach_warning: IntBoolean;
  /** The weekly digest's ISO weekday (0 Monday … 6 Sunday) and HH:MM in the team's zone; null weekday: none. */
  digest_weekday: number | null;
  digest_time: string | null;
  updated_at: string;
}

/** Which mails a person gets (migration 018); no row: all of them. */
interface MailPreferencesTable {
  user_id: string;
  reminders: IntBoolean;
  changes: IntBoolean;
  digest: IntBoolean;
  /** Team announcements (022). */
  announcements: ColumnType<IntBoolean, IntBoolean | undefined, IntBoolean>;
  updated_at: string;
}

/** Without mail: the keys of the reminder notices already written, so each is written once (migration 018). */
interface ReminderNoticeKeysTable {
  key: string;
  created_at: string;
}

/** A team's season (migration 007). The current season is the team's newest by starts_on. */
interface SeasonsTable {
  id: string;
  team_id: string;
  name: string;
  /** YYYY-MM-DD */
  starts_on: string;
  /** YYYY-MM-DD; null while the season is open (the current one). */
  ends_on: string | null;
  created_at: string;
}

interface AttendanceTable {
  session_id: string;
  player_id: string;
  present: IntBoolean;
  updated_at: string;
}

interface PlaysTable {
  id: string;
  team_id: string;
  name: string;
  side: PlaySide;
  formation: ColumnType<string, string | undefined, string>;
  /** JSON array of strings. */
  tags: ColumnType<string, string | undefined, string>;
  notes: ColumnType<string, string | undefined, string>;
  diagram_file_id: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

interface EventsTable {
  /** Made by the client, so a replayed write is a no-op. */
  id: string;
  team_id: string;
  player_id: string;
  session_id: string | null;
  play_id: string | null;
  /** The spec label, e.g. "Pass TD". */
  event_type: string;
  yards: number | null;
  occurred_at: string;
  created_by: string;
  created_at: string;
  /** The snap this event was implied by; null for an event logged on its own. */
  snap_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its session's season, or the team's current season when it was logged without one (migration 007). */
  season_id: string;
}

/** One down (docs/product.md §10). `detail` is JSON of the domain's SnapDetail. */
interface SnapsTable {
  id: string;
  team_id: string;
  session_id: string;
  play_id: string | null;
  kind: string;
  detail: string;
  period: number;
  first_down: IntBoolean;
  our_points: number;
  their_points: number;
  occurred_at: string;
  created_by: string;
  created_at: string;
  edited_at: string | null;
  edited_by: string | null;
  /** JSON list of the player ids on the field (019); null: logged without a lineup. */
  lineup: string | null;
}

interface SnapPlayersTable {
  snap_id: string;
  player_id: string;
  role: string;
}

/** Kept in the same transaction as every event insert and removal. Rows may hold count 0. */
interface PlayerEventCountsTable {
  player_id: string;
  season_id: string;
  event_type: string;
  count: number;
  yards: number;
}

/** Kept with events (event_count, last_event_at) and with attendance (attendance_*). */
interface PlayerStatsTable {
  player_id: string;
  season_id: string;
  event_count: number;
  last_event_at: string | null;
  attendance_total: number;
  attendance_attended: number;
}

/** Decision 0015: per (season, session, player, type, loose). session_key '' holds events without a session. */
interface SessionTalliesTable {
  season_id: string;
  session_key: string;
  player_id: string;
  event_type: string;
  /** 1: logged on its own (snap_id null). */
  loose: number;
  count: number;
  yards: number;
  with_yards: number;
  last_at: string | null;
}

/** Decision 0015: per (season, UTC day 'YYYY-MM-DD', player, type). */
interface DayTalliesTable {
  season_id: string;
  day: string;
  player_id: string;
  event_type: string;
  count: number;
  yards: number;
}

/** Decision 0015: per (season, UTC day since 1970): events and their points in tenths. */
interface TeamDayTalliesTable {
  season_id: string;
  day: number;
  events: number;
  points_tenths: number;
}

/** Decision 0015: team_day_tallies per quarter hour, keyed (season, minute of the day, UTC day). */
interface SlotTalliesTable {
  season_id: string;
  minute: number;
  day: number;
  events: number;
  points_tenths: number;
}

/**
 * Decision 0015: the tagged events per (season, session, play, type, written by a snap): count, yards, and their
 * points in tenths at their players' current positions. session_key '' holds the events without a session.
 */
interface PlayTalliesTable {
  season_id: string;
  session_key: string;
  play_id: string;
  event_type: string;
  /** 1: written by a snap (snap_id set). */
  from_snap: number;
  count: number;
  yards: number;
  points_tenths: number;
}

/** Decision 0015 follow-up (migration 010): per (season, ISO week: the day number of its Monday, player, type). */
interface WeekTalliesTable {
  season_id: string;
  week: number;
  player_id: string;
  event_type: string;
  count: number;
  yards: number;
}

/**
 * Decision 0015 follow-up (migration 010): play_tallies per player, keyed play first (a play's drill-down reads
 * one key range): count and yards; the points are valued at read time from the profile.
 */
interface PlayPlayerTalliesTable {
  play_id: string;
  season_id: string;
  session_key: string;
  player_id: string;
  event_type: string;
  /** 1: written by a snap (snap_id set). */
  from_snap: number;
  count: number;
  yards: number;
}

/**
 * Decision 0015 follow-up (migration 010): the events without a session that the playbook analysis counts (tagged,
 * or untagged of a snap-level type: play_key ''), per UTC day (level 0, minute 0), per quarter hour (level 1), and
 * since migration 011 per six hours (level 2, minute 0/360/720/1080) and per ISO week (level 3, day = its Monday,
 * minute 0), with their points in tenths at their players' current positions.
 */
interface SessionlessTalliesTable {
  season_id: string;
  level: number;
  day: number;
  minute: number;
  play_key: string;
  event_type: string;
  from_snap: number;
  count: number;
  yards: number;
  points_tenths: number;
}

interface TrainingLogsTable {
  id: string;
  player_id: string;
  team_id: string | null;
  /** YYYY-MM-DD */
  date: string;
  activity_type: string;
  duration_minutes: number;
  intensity: number;
  notes: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

interface FeedbackTable {
  id: string;
  team_id: string;
  player_id: string;
  coach_id: string;
  category: string;
  body: string;
  created_at: string;
  read_at: string | null;
}

interface FilesTable {
  id: string;
  team_id: string;
  /** The uploader. Not a foreign key: a team's playbook diagrams outlive the coach who drew them. */
  owner_user_id: string;
  kind: FileKind;
  storage_key: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: string;
}

interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  created_at: string;
  /** When an operator marked it handled, and who (008); null: not yet. */
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
  handled_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One request limit's current window for one client address (db/request-limits.ts). */
interface RequestLimitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds when the window (or a lockout) ends; bigint: pg returns it as a string. */
  reset_at: ColumnType<number | string, number, number>;
}

/** Migration 027 (leagues, issue #31). */
interface LeaguesTable {
  id: string;
  name: string;
  join_code: string;
  time_zone: string;
  min_rest_minutes: number;
  /** JSON: the tiebreakers in order. */
  tiebreakers: string;
  point_difference_cap: number | null;
  /** JSON: league team ids in the recorded coin toss's order. */
  coin_toss: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

interface LeagueAdminsTable {
  league_id: string;
  user_id: string;
  role: "owner" | "co_admin";
  created_at: string;
}

interface LeagueDivisionsTable {
  id: string;
  league_id: string;
  name: string;
  age_cutoff: string | null;
  roster_lock: string | null;
  created_at: string;
}

interface LeagueTeamsTable {
  id: string;
  league_id: string;
  division_id: string;
  team_id: string | null;
  name: string;
  /** JSON: YYYY-MM-DD days the team cannot play. */
  blackout_dates: string;
  created_at: string;
}

interface LeagueFieldsTable {
  id: string;
  league_id: string;
  name: string;
  address: string | null;
  /** JSON: the sub-fields' names (empty: one field). */
  sub_fields: string;
  created_at: string;
}

interface LeagueGameDaysTable {
  league_id: string;
  local_date: string;
}

interface LeagueTimeSlotsTable {
  league_id: string;
  start_time: string;
  duration_minutes: number;
}

interface LeagueGamesTable {
  id: string;
  league_id: string;
  division_id: string;
  round: number;
  home_team_id: string;
  away_team_id: string;
  field_id: string;
  sub_field: string;
  local_date: string;
  start_time: string;
  duration_minutes: number;
  starts_at: string;
  status: "draft" | "published" | "cancelled";
  revision: number;
  published_revision: number | null;
  created_at: string;
  updated_at: string;
  /** The bracket this is a playoff game of (migration 031); null: a season game. */
  bracket_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 028 (league results, issue #31). */
interface LeagueResultDecisionsTable {
  game_id: string;
  kind: "admin" | "accepted" | "confirmed";
  home_score: number;
  away_score: number;
  forfeit: "home" | "away" | null;
  decided_by: string | null;
  decided_by_name: string;
  decided_at: string;
}

interface LeagueResultLogTable {
  id: string;
  league_id: string;
  game_id: string;
  /** entered, forfeit, accepted, confirmed, disputed, cleared */
  action: string;
  home_score: number | null;
  away_score: number | null;
  forfeit: "home" | "away" | null;
  note: string | null;
  actor_id: string | null;
  actor_name: string;
  created_at: string;
}

/** Migration 029 (league co-admin links). */
interface LeagueAdminInvitesTable {
  token_hash: string;
  league_id: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
}

/** Migration 032 (a league team's coach link, issue #31). */
/** One row (id 1): the count of league writes (033; leagues/standings-cache.ts). */
interface LeagueRevisionTable {
  id: number;
  revision: number;
}

interface LeagueCoachInvitesTable {
  token_hash: string;
  league_team_id: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
}

/** Migration 030 (the roster lock's decisions, issue #31). */
interface LeagueRosterApprovalsTable {
  league_team_id: string;
  player_id: string;
  decision: "approved" | "rejected";
  /** The player's joined_at when decided: the joining the decision is about. */
  player_joined_at: string;
  note: string | null;
  decided_by: string | null;
  decided_by_name: string;
  decided_at: string;
}

/** Migration 031 (league playoffs, issue #31). */
interface LeagueBracketsTable {
  id: string;
  league_id: string;
  division_id: string;
  /** JSON: league team ids, best seed first. */
  seeds: string;
  start_date: string;
  created_by: string | null;
  created_at: string;
}

interface LeagueBracketGamesTable {
  bracket_id: string;
  round: number;
  position: number;
  field_id: string | null;
  sub_field: string;
  local_date: string;
  start_time: string;
  duration_minutes: number;
  league_game_id: string | null;
}

export interface DB {
  user: UserTable;
  session: AuthSessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  teams: TeamsTable;
  profiles: ProfilesTable;
  guardians: GuardiansTable;
  guardian_links: GuardianLinksTable;
  guardian_invites: GuardianInvitesTable;
  consent_records: ConsentRecordsTable;
  announcements: AnnouncementsTable;
  follow_links: FollowLinksTable;
  retention_notices: RetentionNoticesTable;
  team_sessions: TeamSessionsTable;
  session_periods: SessionPeriodsTable;
  notices: NoticesTable;
  api_tokens: ApiTokensTable;
  schedule_events: ScheduleEventsTable;
  schedule_answers: ScheduleAnswersTable;
  calendar_feeds: CalendarFeedsTable;
  mail_outbox: MailOutboxTable;
  team_reminder_settings: TeamReminderSettingsTable;
  mail_preferences: MailPreferencesTable;
  reminder_notice_keys: ReminderNoticeKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_outbox: PushOutboxTable;
  push_notices: PushNoticesTable;
  attendance: AttendanceTable;
  plays: PlaysTable;
  events: EventsTable;
  snaps: SnapsTable;
  snap_players: SnapPlayersTable;
  player_event_counts: PlayerEventCountsTable;
  player_stats: PlayerStatsTable;
  session_tallies: SessionTalliesTable;
  day_tallies: DayTalliesTable;
  team_day_tallies: TeamDayTalliesTable;
  slot_tallies: SlotTalliesTable;
  play_tallies: PlayTalliesTable;
  week_tallies: WeekTalliesTable;
  play_player_tallies: PlayPlayerTalliesTable;
  sessionless_tallies: SessionlessTalliesTable;
  training_logs: TrainingLogsTable;
  feedback: FeedbackTable;
  files: FilesTable;
  contact_messages: ContactMessagesTable;
  request_limits: RequestLimitsTable;
  seasons: SeasonsTable;
  leagues: LeaguesTable;
  league_admins: LeagueAdminsTable;
  league_divisions: LeagueDivisionsTable;
  league_teams: LeagueTeamsTable;
  league_fields: LeagueFieldsTable;
  league_game_days: LeagueGameDaysTable;
  league_time_slots: LeagueTimeSlotsTable;
  league_games: LeagueGamesTable;
  league_result_decisions: LeagueResultDecisionsTable;
  league_result_log: LeagueResultLogTable;
  league_admin_invites: LeagueAdminInvitesTable;
  league_coach_invites: LeagueCoachInvitesTable;
  league_revision: LeagueRevisionTable;
  league_roster_approvals: LeagueRosterApprovalsTable;
  league_brackets: LeagueBracketsTable;
  league_bracket_games: LeagueBracketGamesTable;
}

export type TeamRecord = Selectable<TeamsTable>;
export type ProfileRecord = Selectable<ProfilesTable>;
export type EventRecord = Selectable<EventsTable>;
export type SnapRecord = Selectable<SnapsTable>;
export type NewEventRecord = Insertable<EventsTable>;
export type TeamSessionRecord = Selectable<TeamSessionsTable>;
export type PlayRecord = Selectable<PlaysTable>;
export type TrainingLogRecord = Selectable<TrainingLogsTable>;
export type FileRecord = Selectable<FilesTable>;
export type SeasonRecord = Selectable<SeasonsTable>;
