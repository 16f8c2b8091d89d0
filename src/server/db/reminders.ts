/**
 * Reminders (migration 018, docs/product.md §12, issue #29): a team's reminder settings, what the reminder tick
 * reads (events soon to start, who has not answered, how many are going, the coaches), the keys of the reminder
 * notices written without mail, and what an answer link reads and writes.
 */
import type { Kysely, Selectable } from "kysely";
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from "#domain/reminders.js";
import { DEFAULT_TIME_ZONE, minimumPlayers } from "#domain/schedule.js";
import { nowIso } from "./dialect.js";
import { hasOwnSignIn } from "./own-sign-in.js";
import type { DB } from "./schema.js";

const PLACEHOLDER_EMAIL_SUFFIX = "@roster.invalid";

/** A real address, or null for an unclaimed roster place (no mail goes there). */
export function realEmail(email: string | null | undefined): string | null {
  return email && !email.toLowerCase().endsWith(PLACEHOLDER_EMAIL_SUFFIX) ? email : null;
}

type SettingsRow = Selectable<DB["team_reminder_settings"]>;

function settingsOf(row: SettingsRow | undefined): ReminderSettings {
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS };
  return {
    firstDaysBefore: row.first_days_before === null ? null : Number(row.first_days_before),
    firstTime: row.first_time,
    sameDayTime: row.second_time,
    coachWarning: Number(row.coach_warning) === 1,
    digestWeekday: row.digest_weekday === null ? null : Number(row.digest_weekday),
    digestTime: row.digest_time ?? DEFAULT_REMINDER_SETTINGS.digestTime,
  };
}

export async function reminderSettings(db: Kysely<DB>, teamId: string): Promise<ReminderSettings> {
  const row = await db
    .selectFrom("team_reminder_settings")
    .selectAll()
    .where("team_id", "=", teamId)
    .executeTakeFirst();
  return settingsOf(row);
}

/** Changes the fields given; the others keep their value (the default, for a team that never changed one). */
export async function updateReminderSettings(
  db: Kysely<DB>,
  teamId: string,
  change: Partial<ReminderSettings>,
): Promise<ReminderSettings> {
  const next = { ...(await reminderSettings(db, teamId)) };
  for (const [key, value] of Object.entries(change) as [keyof ReminderSettings, never][]) {
    if (value !== undefined) next[key] = value;
  }
  const values = {
    first_days_before: next.firstDaysBefore,
    first_time: next.firstTime,
    second_time: next.sameDayTime,
    coach_warning: next.coachWarning ? (1 as const) : (0 as const),
    digest_weekday: next.digestWeekday,
    digest_time: next.digestTime,
    updated_at: nowIso(),
  };
  await db
    .insertInto("team_reminder_settings")
    .values({ team_id: teamId, ...values })
    .onConflict((oc) => oc.column("team_id").doUpdateSet(values))
    .execute();
  return next;
}

/** An event the tick may remind about, with what of its team the reminder needs. */
export interface ReminderEvent {
  id: string;
  teamId: string;
  teamName: string;
  timeZone: string;
  minPlayers: number;
  settings: ReminderSettings;
  kind: "game" | "practice";
  localDate: string;
  startTime: string;
  arriveBy: string | null;
  startsAt: string;
  endsAt: string;
  placeName: string | null;
  address: string | null;
  field: string | null;
  opponent: string | null;
}

/** Scheduled (not cancelled) events starting after `now` and by `until`, with their team's settings. */
export async function eventsStartingBetween(db: Kysely<DB>, now: string, until: string): Promise<ReminderEvent[]> {
  const rows = await db
    .selectFrom("schedule_events as e")
    .innerJoin("teams as t", "t.id", "e.team_id")
    .leftJoin("team_reminder_settings as s", "s.team_id", "e.team_id")
    .select([
      "e.id",
      "e.team_id",
      "t.name as team_name",
      "t.time_zone",
      "t.min_players",
      "e.kind",
      "e.local_date",
      "e.start_time",
      "e.arrive_by",
      "e.starts_at",
      "e.ends_at",
      "e.place_name",
      "e.address",
      "e.field",
      "e.opponent",
      "s.team_id as settings_team",
      "s.first_days_before",
      "s.first_time",
      "s.second_time",
      "s.coach_warning",
      "s.digest_weekday",
      "s.digest_time",
    ])
    .where("e.status", "=", "scheduled")
    .where("e.starts_at", ">", now)
    .where("e.starts_at", "<=", until)
    .orderBy("e.starts_at")
    .orderBy("e.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    teamId: r.team_id,
    teamName: r.team_name,
    timeZone: r.time_zone ?? DEFAULT_TIME_ZONE,
    minPlayers: minimumPlayers(r.min_players),
    settings: settingsOf(
      r.settings_team === null
        ? undefined
        : {
            team_id: r.settings_team,
            first_days_before: r.first_days_before,
            first_time: r.first_time,
            second_time: r.second_time,
            coach_warning: r.coach_warning ?? 1,
            digest_weekday: r.digest_weekday,
            digest_time: r.digest_time,
            updated_at: "",
          },
    ),
    kind: r.kind,
    localDate: r.local_date,
    startTime: r.start_time,
    arriveBy: r.arrive_by,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    placeName: r.place_name,
    address: r.address,
    field: r.field,
    opponent: r.opponent,
  }));
}

/** A person a reminder or warning may go to. */
export interface ReminderRecipient {
  userId: string;
  fullName: string;
  /** null: an unclaimed roster place, no mail. */
  email: string | null;
  /** Their choice for reminder mail (default on). */
  wantsReminders: boolean;
}

/** The event's roster players (role player, confirmed) who have not answered it. */
export async function unansweredPlayers(db: Kysely<DB>, teamId: string, eventId: string): Promise<ReminderRecipient[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .leftJoin("schedule_answers as a", (j) => j.onRef("a.player_id", "=", "p.user_id").on("a.event_id", "=", eventId))
    .leftJoin("mail_preferences as m", "m.user_id", "p.user_id")
    .select(["p.user_id", "p.full_name", "u.email", "m.reminders"])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .where("p.confirmed", "=", 1)
    .where("a.player_id", "is", null)
    .orderBy("p.user_id")
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    fullName: r.full_name,
    email: realEmail(r.email),
    wantsReminders: r.reminders === null || Number(r.reminders) === 1,
  }));
}

/** A guardian to remind for a child (docs/product.md §13): who they are, and for which player. */
export interface GuardianRecipient extends ReminderRecipient {
  playerId: string;
  /** The child's name, as the mail asks "Is Maya coming?". */
  playerName: string;
}

/**
 * The guardians of these players who answer for them: of players with no sign-in of their own (a child's roster
 * place; a child who signs in answers for themselves). A guardian's reminders follow their own mail choice.
 */
export async function guardiansToRemind(
  db: Kysely<DB>,
  players: readonly { userId: string; fullName: string }[],
): Promise<GuardianRecipient[]> {
  if (players.length === 0) return [];
  const names = new Map(players.map((p) => [p.userId, p.fullName]));
  const rows = await db
    .selectFrom("guardian_links as l")
    .innerJoin("user as u", "u.id", "l.guardian_id")
    .leftJoin("guardians as g", "g.user_id", "l.guardian_id")
    .leftJoin("profiles as gp", "gp.user_id", "l.guardian_id")
    .leftJoin("mail_preferences as m", "m.user_id", "l.guardian_id")
    .select(["l.player_id", "l.guardian_id", "u.email", "u.name", "g.full_name", "gp.full_name as profile_name"])
    .select("m.reminders")
    .where("l.player_id", "in", [...names.keys()])
    .where((eb) => eb.not(hasOwnSignIn(eb.ref("l.player_id"))))
    .orderBy("l.player_id")
    .orderBy("l.guardian_id")
    .execute();
  return rows.map((r) => ({
    userId: r.guardian_id,
    fullName: r.full_name ?? r.profile_name ?? r.name,
    email: realEmail(r.email),
    wantsReminders: r.reminders === null || Number(r.reminders) === 1,
    playerId: r.player_id,
    playerName: names.get(r.player_id) ?? "",
  }));
}

/** The team's coaches. */
export async function teamCoaches(db: Kysely<DB>, teamId: string): Promise<ReminderRecipient[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .leftJoin("mail_preferences as m", "m.user_id", "p.user_id")
    .select(["p.user_id", "p.full_name", "u.email", "m.reminders"])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "coach")
    .orderBy("p.user_id")
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    fullName: r.full_name,
    email: realEmail(r.email),
    wantsReminders: r.reminders === null || Number(r.reminders) === 1,
  }));
}

/** How many of the event's roster players answered going. */
export async function goingCount(db: Kysely<DB>, teamId: string, eventId: string): Promise<number> {
  const row = await db
    .selectFrom("schedule_answers as a")
    .innerJoin("profiles as p", "p.user_id", "a.player_id")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("a.event_id", "=", eventId)
    .where("a.answer", "=", "going")
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .where("p.confirmed", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Without mail: takes a reminder notice's key; true when this call took it (write the notice), false if taken. */
export async function takeReminderNoticeKey(db: Kysely<DB>, key: string): Promise<boolean> {
  const result = await db
    .insertInto("reminder_notice_keys")
    .values({ key, created_at: nowIso() })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  return result !== undefined;
}

/** Which of these notice keys are taken already. */
export async function takenReminderNoticeKeys(db: Kysely<DB>, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("reminder_notice_keys")
      .select("key")
      .where("key", "in", keys.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.key);
  }
  return found;
}

/** What an answer link shows: the event, its team, and the person's own answer, if they are on its roster. */
export interface AnswerLinkView {
  teamId: string;
  teamName: string;
  timeZone: string;
  fullName: string;
  event: Selectable<DB["schedule_events"]>;
  answer: { answer: "going" | "maybe" | "no"; note: string | null } | null;
}

/** The link's event and person; null when the event is gone or the person is not a player on its roster now. */
export async function answerLinkView(db: Kysely<DB>, eventId: string, userId: string): Promise<AnswerLinkView | null> {
  const event = await db.selectFrom("schedule_events").selectAll().where("id", "=", eventId).executeTakeFirst();
  if (!event) return null;
  const person = await db
    .selectFrom("profiles as p")
    .innerJoin("teams as t", "t.id", "p.team_id")
    .select(["p.full_name", "t.name", "t.time_zone"])
    .where("p.user_id", "=", userId)
    .where("p.team_id", "=", event.team_id)
    .where("p.role", "=", "player")
    .where("p.confirmed", "=", 1)
    .executeTakeFirst();
  if (!person) return null;
  const answer = await db
    .selectFrom("schedule_answers")
    .select(["answer", "note"])
    .where("event_id", "=", eventId)
    .where("player_id", "=", userId)
    .executeTakeFirst();
  return {
    teamId: event.team_id,
    teamName: person.name,
    timeZone: person.time_zone ?? DEFAULT_TIME_ZONE,
    fullName: person.full_name,
    event,
    answer: answer ?? null,
  };
}

/** The team's events not yet ended that start by `until` (what a change announcement compares against). */
export async function openEventsStartingBy(
  db: Kysely<DB>,
  teamId: string,
  now: string,
  until: string,
): Promise<Selectable<DB["schedule_events"]>[]> {
  return db
    .selectFrom("schedule_events")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("ends_at", ">", now)
    .where("starts_at", "<=", until)
    .execute();
}

/** The kinds of team mail a person chooses for themselves (mail_preferences' columns). */
type TeamMailKind = "changes" | "digest" | "announcements";

/** A choice of mail_preferences: no row (null) or 1 is on. */
const wantsMail = (choice: number | null) => choice === null || Number(choice) === 1;

/** Everyone on the team (roster players and coaches), with their role and their choice for one kind of mail. */
export async function teamMembersFor(
  db: Kysely<DB>,
  teamId: string,
  kind: TeamMailKind,
): Promise<(ReminderRecipient & { role: "coach" | "player" })[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .leftJoin("mail_preferences as m", "m.user_id", "p.user_id")
    .select(["p.user_id", "p.full_name", "p.role", "u.email", "m.changes", "m.digest", "m.announcements"])
    .where("p.team_id", "=", teamId)
    .where((w) => w.or([w("p.role", "=", "coach"), w("p.confirmed", "=", 1)]))
    .orderBy("p.user_id")
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    fullName: r.full_name,
    role: r.role,
    email: realEmail(r.email),
    wantsReminders: wantsMail(r[kind]),
  }));
}

/**
 * Every guardian of a player on the team (docs/product.md §13: they drive), each once, with their own choice for
 * this kind of mail (default on). A guardian is told by mail only: a guardian-only account is on no team.
 */
async function teamGuardiansFor(db: Kysely<DB>, teamId: string, kind: TeamMailKind): Promise<ReminderRecipient[]> {
  const rows = await db
    .selectFrom("guardian_links as l")
    .innerJoin("profiles as p", "p.user_id", "l.player_id")
    .innerJoin("user as u", "u.id", "l.guardian_id")
    .leftJoin("mail_preferences as m", "m.user_id", "l.guardian_id")
    .select(["l.guardian_id", "u.name", "u.email", "m.changes", "m.digest", "m.announcements"])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .orderBy("l.guardian_id")
    .execute();
  const byId = new Map<string, ReminderRecipient>();
  for (const r of rows) {
    byId.set(r.guardian_id, {
      userId: r.guardian_id,
      fullName: r.name,
      email: realEmail(r.email),
      wantsReminders: wantsMail(r[kind]),
    });
  }
  return [...byId.values()];
}

/** A guardian's child on the team, for the weekly digest: who, and whether the child answers for themselves. */
export interface DigestGuardian extends ReminderRecipient {
  children: { playerId: string; fullName: string; ownSignIn: boolean }[];
}

/**
 * The guardians of the team's confirmed players who want the weekly digest (docs/product.md §13), each with their
 * children on the team, in name order.
 */
export async function teamGuardianDigests(db: Kysely<DB>, teamId: string): Promise<DigestGuardian[]> {
  const rows = await db
    .selectFrom("guardian_links as l")
    .innerJoin("profiles as p", "p.user_id", "l.player_id")
    .innerJoin("user as u", "u.id", "l.guardian_id")
    .leftJoin("mail_preferences as m", "m.user_id", "l.guardian_id")
    .select(["l.guardian_id", "l.player_id", "p.full_name", "u.name", "u.email", "m.digest"])
    .select((eb) => hasOwnSignIn(eb.ref("l.player_id")).as("own_sign_in"))
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .where("p.confirmed", "=", 1)
    .orderBy("l.guardian_id")
    .orderBy("p.full_name")
    .execute();
  const byId = new Map<string, DigestGuardian>();
  for (const r of rows) {
    let g = byId.get(r.guardian_id);
    if (!g) {
      g = {
        userId: r.guardian_id,
        fullName: r.name,
        email: realEmail(r.email),
        wantsReminders: wantsMail(r.digest),
        children: [],
      };
      byId.set(r.guardian_id, g);
    }
    g.children.push({ playerId: r.player_id, fullName: r.full_name, ownSignIn: Boolean(Number(r.own_sign_in)) });
  }
  return [...byId.values()];
}

/**
 * Who gets a team mail of this kind: the team's coaches and confirmed players and every guardian of a player on it,
 * each once, with a real address and that mail on; never `exceptId` (the coach whose act the mail tells of).
 */
export async function teamMailRecipients(
  db: Kysely<DB>,
  teamId: string,
  kind: TeamMailKind,
  exceptId: string,
): Promise<{ userId: string; email: string }[]> {
  const [members, guardians] = await Promise.all([
    teamMembersFor(db, teamId, kind),
    teamGuardiansFor(db, teamId, kind),
  ]);
  const byId = new Map<string, { userId: string; email: string }>();
  for (const r of [...members, ...guardians]) {
    if (r.userId === exceptId || !r.email || !r.wantsReminders) continue;
    byId.set(r.userId, { userId: r.userId, email: r.email });
  }
  return [...byId.values()].sort((a, b) => a.userId.localeCompare(b.userId));
}

/** Teams with a scheduled event starting after `now` and by `until`. */
export async function teamsWithEventsBetween(
  db: Kysely<DB>,
  now: string,
  until: string,
): Promise<{ teamId: string; teamName: string; timeZone: string; settings: ReminderSettings }[]> {
  const rows = await db
    .selectFrom("teams as t")
    .leftJoin("team_reminder_settings as s", "s.team_id", "t.id")
    .selectAll("s")
    .select(["t.id", "t.name", "t.time_zone"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("schedule_events as e")
          .select("e.id")
          .whereRef("e.team_id", "=", "t.id")
          .where("e.starts_at", ">", now)
          .where("e.starts_at", "<=", until),
      ),
    )
    .orderBy("t.id")
    .execute();
  return rows.map((r) => ({
    teamId: r.id,
    teamName: r.name,
    timeZone: r.time_zone ?? DEFAULT_TIME_ZONE,
    settings: settingsOf(r.team_id === null ? undefined : (r as SettingsRow)),
  }));
}

/** The team's events (cancelled ones too) starting in [from, to), by start. */
export async function teamEventsBetween(
  db: Kysely<DB>,
  teamId: string,
  from: string,
  to: string,
): Promise<Selectable<DB["schedule_events"]>[]> {
  return db
    .selectFrom("schedule_events")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("starts_at", ">=", from)
    .where("starts_at", "<", to)
    .orderBy("starts_at")
    .orderBy("id")
    .execute();
}

/** The team's name and zone, for a mail's words. */
export async function teamNameAndZone(db: Kysely<DB>, teamId: string): Promise<{ name: string; timeZone: string }> {
  const row = await db.selectFrom("teams").select(["name", "time_zone"]).where("id", "=", teamId).executeTakeFirst();
  return { name: row?.name ?? "your team", timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE };
}
