import type { Kysely } from "kysely";
import type { DB } from "./schema.js";
import { parseSnapDetail, stringListOrEmpty } from "./rows.js";

/*
 * Everything Flagline holds about one user, for GET /api/me/export (docs/product.md §11): the account, the
 * profile, the team's name, and every row that is about them: events, attendance, the snaps they are on,
 * training logs, feedback received and given, uploaded files' metadata, their answers to the team's schedule and
 * which of its mails they get, and the API tokens they made (which
 * team, name, scope, when made and last used). Secrets (password hash, sessions, codes, and a token's text or its
 * hash) are left out.
 */

/** Rows as stored, with JSON text columns parsed; nothing else renamed, so a new column shows up by itself. */
type Row = Record<string, unknown>;

function withoutKeys(row: Row, keys: string[]): Row {
  const out = { ...row };
  for (const k of keys) delete out[k];
  return out;
}

function dateText(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

export async function exportAccount(db: Kysely<DB>, userId: string): Promise<Row | null> {
  const user = await db
    .selectFrom("user")
    .select(["id", "name", "email", "createdAt", "updatedAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const profile = await db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
  const teamId = profile?.team_id ?? null;
  const team = teamId
    ? await db.selectFrom("teams").select(["id", "name", "created_at"]).where("id", "=", teamId).executeTakeFirst()
    : null;

  const [events, attendance, snaps, trainingLogs, feedbackReceived, feedbackGiven, files] = await Promise.all([
    db
      .selectFrom("events as e")
      .leftJoin("team_sessions as s", "s.id", "e.session_id")
      .select([
        "e.id",
        "e.event_type",
        "e.yards",
        "e.occurred_at",
        "e.session_id",
        "s.kind as session_kind",
        "s.date as session_date",
        "s.opponent as session_opponent",
        "e.play_id",
        "e.snap_id",
      ])
      .where("e.player_id", "=", userId)
      .orderBy("e.occurred_at")
      .execute(),
    db
      .selectFrom("attendance as a")
      .innerJoin("team_sessions as s", "s.id", "a.session_id")
      .select(["a.session_id", "s.kind", "s.date", "s.opponent", "a.present"])
      .where("a.player_id", "=", userId)
      .orderBy("s.date")
      .execute(),
    db
      .selectFrom("snap_players as sp")
      .innerJoin("snaps as n", "n.id", "sp.snap_id")
      .select(["n.id", "sp.role", "n.session_id", "n.kind", "n.detail", "n.period", "n.occurred_at"])
      .where("sp.player_id", "=", userId)
      .orderBy("n.occurred_at")
      .execute(),
    db.selectFrom("training_logs").selectAll().where("player_id", "=", userId).orderBy("date").execute(),
    db
      .selectFrom("feedback as f")
      .leftJoin("profiles as c", "c.user_id", "f.coach_id")
      .select(["f.id", "f.category", "f.body", "f.created_at", "f.read_at", "c.full_name as coach_name"])
      .where("f.player_id", "=", userId)
      .orderBy("f.created_at")
      .execute(),
    db
      .selectFrom("feedback as f")
      .leftJoin("profiles as p", "p.user_id", "f.player_id")
      .select(["f.id", "f.category", "f.body", "f.created_at", "p.full_name as player_name"])
      .where("f.coach_id", "=", userId)
      .orderBy("f.created_at")
      .execute(),
    db
      .selectFrom("files")
      .select(["id", "kind", "mime", "size", "width", "height", "created_at"])
      .where("owner_user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
  ]);
  // A coach's API tokens, listed by column (never selectAll): token_hash stays out. A player has none.
  const apiTokens = await db
    .selectFrom("api_tokens")
    .select(["id", "team_id", "name", "scope", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

  const scheduleAnswers = await db
    .selectFrom("schedule_answers as a")
    .innerJoin("schedule_events as e", "e.id", "a.event_id")
    .select(["a.event_id", "e.kind", "e.local_date", "e.start_time", "e.opponent"])
    .select(["a.answer", "a.note", "a.answered_at", "a.answered_by"])
    .where("a.player_id", "=", userId)
    .orderBy("e.starts_at")
    .execute();

  const mail = await db
    .selectFrom("mail_preferences")
    .select(["reminders", "changes", "digest", "announcements"])
    .where("user_id", "=", userId)
    .executeTakeFirst();

  return {
    exportedAt: new Date().toISOString(),
    account: { id: user.id, name: user.name, email: user.email, createdAt: dateText(user.createdAt) },
    profile: profile
      ? {
          ...withoutKeys(profile, ["claim_token", "user_id"]),
          positions: stringListOrEmpty(profile.positions),
        }
      : null,
    team: team ?? null,
    events,
    attendance: attendance.map((a) => ({ ...a, present: Number(a.present) === 1 })),
    snaps: snaps.map((s) => ({ ...s, detail: parseSnapDetail(s.detail) ?? s.detail })),
    trainingLogs,
    feedbackReceived,
    feedbackGiven,
    files,
    mailPreferences: {
      reminders: Number(mail?.reminders ?? 1) === 1,
      changes: Number(mail?.changes ?? 1) === 1,
      digest: Number(mail?.digest ?? 1) === 1,
      announcements: Number(mail?.announcements ?? 1) === 1,
    },
    scheduleAnswers: scheduleAnswers.map(({ answered_by, ...answer }) => ({
      ...answer,
      by_coach: answered_by !== null && answered_by !== userId,
    })),
    apiTokens,
  };
}
