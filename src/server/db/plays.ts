/*
 * A team's playbook: plays and their archive state (a play's diagram is in play-diagrams.ts, tagging an event
 * with a play in event-tags.ts).
 * Every function takes the caller's team id and reads or changes only that team's rows.
 *
 * A name is unique among a team's current (not archived) plays, whatever its case. There is no index for it
 * (names compare by nameKey(), which SQL engines do not share), so a write that could clash first takes the
 * team's row lock on PostgreSQL (FOR NO KEY UPDATE: it serialises playbook writes of one team but leaves event
 * inserts, which only key-share the team row, alone); SQLite runs one write transaction at a time anyway.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { nameKey, type PlayDto } from "#domain/api/plays.js";
import type { PlaySide } from "#domain/playbook.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import type { DB, PlayRecord } from "./schema.js";
import { fileUrl, serializeStringList, stringListOrEmpty } from "./rows.js";

export interface Play {
  id: string;
  teamId: string;
  name: string;
  side: PlaySide;
  formation: string;
  tags: string[];
  notes: string;
  diagramFileId: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toPlay(r: PlayRecord): Play {
  return {
    id: r.id,
    teamId: r.team_id,
    name: r.name,
    side: r.side,
    formation: r.formation,
    tags: stringListOrEmpty(r.tags),
    notes: r.notes,
    diagramFileId: r.diagram_file_id,
    archivedAt: r.archived_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toPlayDto(p: Play, lastUsedAt: string | null): PlayDto {
  return {
    id: p.id,
    name: p.name,
    side: p.side,
    formation: p.formation,
    tags: p.tags,
    notes: p.notes,
    diagramUrl: fileUrl(p.diagramFileId),
    archived: p.archivedAt !== null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    lastUsedAt,
  };
}

/** Thrown when a current play of the team already has the name (any case). */
export class PlayNameTakenError extends Error {
  constructor() {
    super("a current play of the team already has this name");
  }
}

/** Most recently used first, never used last; then by name (any case), then id. */
function comparePlaysForPicker(
  a: { name: string; id: string; lastUsedAt: string | null },
  b: { name: string; id: string; lastUsedAt: string | null },
): number {
  if (a.lastUsedAt !== b.lastUsedAt) {
    if (a.lastUsedAt === null) return 1;
    if (b.lastUsedAt === null) return -1;
    return a.lastUsedAt < b.lastUsedAt ? 1 : -1;
  }
  return compareNameThenId(a.name, a.id, b.name, b.id);
}

/** Orders by name (as nameKey compares names: any case, NFC), then by id so equal names keep a stable order. */
export function compareNameThenId(aName: string, aId: string, bName: string, bId: string): number {
  const ka = nameKey(aName);
  const kb = nameKey(bName);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

/**
 * The team's plays with the time each was last used (latest tagged event), most recently used first.
 * One query; the latest time per play is read through the events' play_id index.
 */
export async function listPlays(
  db: Kysely<DB>,
  teamId: string,
  opts: { includeArchived?: boolean } = {},
): Promise<PlayDto[]> {
  let q = db
    .selectFrom("plays as p")
    .selectAll("p")
    .select((eb) =>
      eb
        .selectFrom("events as e")
        .select((e) => e.fn.max("e.occurred_at").as("m"))
        .whereRef("e.play_id", "=", "p.id")
        .whereRef("e.team_id", "=", "p.team_id")
        .as("last_used_at"),
    )
    .where("p.team_id", "=", teamId);
  if (!opts.includeArchived) q = q.where("p.archived_at", "is", null);
  const rows = await q.execute();
  return rows
    .map((r) => toPlayDto(toPlay(r), (r.last_used_at as string | null | undefined) ?? null))
    .sort(comparePlaysForPicker);
}

export async function getPlay(db: Kysely<DB>, teamId: string, id: string): Promise<Play | null> {
  const row = await db
    .selectFrom("plays")
    .selectAll()
    .where("id", "=", id)
    .where("team_id", "=", teamId)
    .executeTakeFirst();
  return row ? toPlay(row) : null;
}

/** The play as the API shows it, with its last use. */
export async function getPlayDto(db: Kysely<DB>, teamId: string, id: string): Promise<PlayDto | null> {
  const play = await getPlay(db, teamId, id);
  if (!play) return null;
  return toPlayDto(play, await lastUsedAt(db, teamId, id));
}

export async function lastUsedAt(db: Kysely<DB>, teamId: string, playId: string): Promise<string | null> {
  const row = await db
    .selectFrom("events")
    .select((eb) => eb.fn.max("occurred_at").as("m"))
    .where("play_id", "=", playId)
    .where("team_id", "=", teamId)
    .executeTakeFirst();
  return (row?.m as string | null | undefined) ?? null;
}

/** Serialises this team's playbook writes on PostgreSQL (see the file comment). Call inside a transaction. */
async function lockTeamPlaybook(trx: Kysely<DB>, teamId: string): Promise<void> {
  if (engineOf(trx) !== "postgres") return;
  await trx.selectFrom("teams").select("id").where("id", "=", teamId).forNoKeyUpdate().execute();
}

/** Throws PlayNameTakenError when another current play of the team has this name. */
async function checkNameFree(trx: Kysely<DB>, teamId: string, name: string, exceptId?: string): Promise<void> {
  const rows = await trx
    .selectFrom("plays")
    .select(["id", "name"])
    .where("team_id", "=", teamId)
    .where("archived_at", "is", null)
    .execute();
  const key = nameKey(name);
  if (rows.some((r) => r.id !== exceptId && nameKey(r.name) === key)) throw new PlayNameTakenError();
}

export interface NewPlay {
  teamId: string;
  name: string;
  side: PlaySide;
  formation: string;
  tags: readonly string[];
  notes: string;
}

export async function createPlay(db: Kysely<DB>, p: NewPlay): Promise<Play> {
  return inTransaction(db, async (trx) => {
    await lockTeamPlaybook(trx, p.teamId);
    await checkNameFree(trx, p.teamId, p.name);
    const now = nowIso();
    const row = await trx
      .insertInto("plays")
      .values({
        id: randomUUID(),
        team_id: p.teamId,
        name: p.name,
        side: p.side,
        formation: p.formation,
        tags: serializeStringList(p.tags),
        notes: p.notes,
        diagram_file_id: null,
        archived_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPlay(row);
  });
}

export interface PlayPatch {
  name?: string;
  side?: PlaySide;
  formation?: string;
  tags?: readonly string[];
  notes?: string;
}

/** Changes the fields given; null when the team has no such play. Nothing changed leaves updatedAt alone. */
export async function updatePlay(db: Kysely<DB>, teamId: string, id: string, patch: PlayPatch): Promise<Play | null> {
  return inTransaction(db, async (trx) => {
    await lockTeamPlaybook(trx, teamId);
    const current = await getPlay(trx, teamId, id);
    if (!current) return null;
    const next = {
      name: patch.name ?? current.name,
      side: patch.side ?? current.side,
      formation: patch.formation ?? current.formation,
      tags: patch.tags ? [...patch.tags] : current.tags,
      notes: patch.notes ?? current.notes,
    };
    const changed =
      next.name !== current.name ||
      next.side !== current.side ||
      next.formation !== current.formation ||
      next.notes !== current.notes ||
      serializeStringList(next.tags) !== serializeStringList(current.tags);
    if (!changed) return current;
    if (current.archivedAt === null && nameKey(next.name) !== nameKey(current.name)) {
      await checkNameFree(trx, teamId, next.name, id);
    }
    const row = await trx
      .updateTable("plays")
      .set({
        name: next.name,
        side: next.side,
        formation: next.formation,
        tags: serializeStringList(next.tags),
        notes: next.notes,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPlay(row);
  });
}

/**
 * Archives or brings back a play; null when the team has no such play. Bringing one back checks its name is
 * still free among the current plays. Already in the asked state: returned unchanged.
 */
export async function setPlayArchived(
  db: Kysely<DB>,
  teamId: string,
  id: string,
  archived: boolean,
): Promise<Play | null> {
  return inTransaction(db, async (trx) => {
    await lockTeamPlaybook(trx, teamId);
    const current = await getPlay(trx, teamId, id);
    if (!current) return null;
    if ((current.archivedAt !== null) === archived) return current;
    if (!archived) await checkNameFree(trx, teamId, current.name, id);
    const now = nowIso();
    const row = await trx
      .updateTable("plays")
      .set({ archived_at: archived ? now : null, updated_at: now })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPlay(row);
  });
}
