import { createRoute, z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { editSnapSchema, postSnapsResponseSchema, postSnapsSchema, snapResponseSchema } from "#domain/api/game.js";
import type { SnapDetail } from "#domain/snaps.js";
import { retryOnDeadlock } from "../db/retry.js";
import type { DB } from "../db/schema.js";
import {
  deleteSnap,
  editSnap,
  GameFinalError,
  getSnap,
  snapPlayerIds,
  SnapIdTakenError,
  type LiveReads,
  type NewSnapRow,
  type SnapWriteStatus,
} from "../db/snaps.js";
import {
  checkTeamReferences,
  invalidReferences,
  knownReferencesOf,
  missingReferences,
  type KnownReferences,
  type TeamRef,
} from "../http/references.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly } from "../http/viewer.js";
import { changeNow, onlySession } from "../realtime/hub.js";
import { liveReadWish, offerLiveReads } from "../realtime/team-feed.js";

/*
 * Game day's writes (docs/product.md §10): snaps, each one down with its participants, written with the events it
 * implies in one transaction (db/snaps.ts). Snap ids are made by the client, so the offline outbox can send a
 * batch again: an id the team already has is reported "duplicate" and changes nothing. Every player, session and
 * play a snap names is checked against the caller's team (from the session) before anything is written; a
 * request with one bad reference writes nothing. A snap writes events, so its changes are announced as "events".
 */

export const SNAP_ID_TAKEN = "A snap with this id already exists. Make a new id for a new snap.";
const SNAP = "That snap";
export const GAME_FINAL = "This game is final. Reopen it to log more snaps.";

const postSnaps = createRoute({
  method: "post",
  path: "/api/team/snaps",
  operationId: "createSnaps",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "Log snaps (1 to 200) with the events they imply; replaying an id the team has is a no-op (duplicate)",
  description:
    "Coaches only. All or nothing: every player, session (practice or game) and play must be the caller's team's, " +
    "else 400 with fields keyed snaps.<index>.<field> and nothing is stored. 409 when an id belongs to another " +
    "team's snap, or a new snap is of a final game (game_final, fields snaps.<index>.sessionId: reopen it first). " +
    "Each new snap is filed in its game's period at its time (the period sent is what the phone knew). " +
    "A 200 means every created snap and its events are committed.",
  request: { body: { required: true, content: { "application/json": { schema: postSnapsSchema } } } },
  responses: {
    200: {
      description: "One result per snap sent, in the order sent",
      content: { "application/json": { schema: postSnapsResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 409, 413, 415),
  },
});

const snapIdParam = z.object({
  id: z.uuid({ error: "Snap id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const putSnap = createRoute({
  method: "put",
  path: "/api/team/snaps/{id}",
  operationId: "updateSnap",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "Edit a snap: its events, participants and points are rewritten to match, in one transaction",
  description:
    "Coaches only. The body is the snap as it should now be; an omitted playId, firstDown or lineup keeps the " +
    "stored one. " +
    "Points are recomputed under the team's current rules. Sending the same edit again changes nothing.",
  request: {
    params: snapIdParam,
    body: { required: true, content: { "application/json": { schema: editSnapSchema } } },
  },
  responses: {
    200: { description: "The snap as it now is", content: { "application/json": { schema: snapResponseSchema } } },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const deleteSnapRoute = createRoute({
  method: "delete",
  path: "/api/team/snaps/{id}",
  operationId: "deleteSnap",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "Undo or delete a snap with its events (the players' counters drop in the same transaction)",
  request: { params: snapIdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
  },
});

type SnapInput = z.output<typeof postSnapsSchema>["snaps"][number];

/** The detail's fields that name a player. */
const PLAYER_FIELDS = ["passerId", "targetId", "runnerId", "scorerId", "defenderId", "playerId"] as const;

function playerFields(detail: SnapDetail): [field: string, playerId: string][] {
  const out: [string, string][] = [];
  const values = detail as unknown as Record<string, unknown>;
  for (const field of PLAYER_FIELDS) {
    const value = values[field];
    if (typeof value === "string") out.push([field, value]);
  }
  return out;
}

const MANY_NOT_THE_TEAMS = "Some snaps name a player, session or play that is not your team's.";

/** The players a snap's detail names, as references under `prefix` ("snaps.3.detail."). */
function playerRefs(detail: SnapDetail, prefix: string): TeamRef[] {
  return playerFields(detail).map(([field, id]) => ({ field: `${prefix}${field}`, kind: "player", id }));
}

/** The players of a lineup, as references under `prefix` ("snaps.3."). */
function lineupRefs(lineup: readonly string[] | undefined, prefix: string): TeamRef[] {
  return (lineup ?? []).map((id, j) => ({ field: `${prefix}lineup.${j}`, kind: "player", id }));
}

/** Throws a 400 naming every snap field whose player, session or play is not the team's. */
async function checkReferences(
  db: Kysely<DB>,
  teamId: string,
  snaps: readonly SnapInput[],
  known?: KnownReferences,
): Promise<void> {
  const refs = snaps.flatMap((s, i): TeamRef[] => [
    { field: `snaps.${i}.sessionId`, kind: "session", id: s.sessionId },
    ...(s.playId ? [{ field: `snaps.${i}.playId`, kind: "play" as const, id: s.playId }] : []),
    ...playerRefs(s.detail as SnapDetail, `snaps.${i}.detail.`),
    ...lineupRefs(s.lineup, `snaps.${i}.`),
  ]);
  await checkTeamReferences(db, teamId, refs, MANY_NOT_THE_TEAMS, known);
}

export function snapRoutes() {
  return createRouter()
    .openapi(postSnaps, async (c) => {
      const viewer = c.var.viewer;
      const { snaps } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const db = database.db;

      // Game day names the same game and players snap after snap: the ids found before are not asked again.
      await checkReferences(db, viewer.teamId, snaps, knownReferencesOf(hub));
      const rows: NewSnapRow[] = snaps.map((s) => ({
        id: s.id,
        sessionId: s.sessionId,
        playId: s.playId ?? null,
        period: s.period,
        firstDown: s.firstDown ?? false,
        occurredAt: s.occurredAt,
        detail: s.detail as SnapDetail,
        lineup: s.lineup ?? null,
      }));

      const session = onlySession(snaps);
      const writer = c.get("services").snapWriter;
      // With screens of the team open here, a writer with a connection of its own also reads what they will be
      // sent, right after the commit (decision 0043).
      const live = writer.writeAndRead ? liveReadWish(hub, viewer.teamId, session) : undefined;
      let statuses: SnapWriteStatus[];
      let reads: Promise<LiveReads | undefined> | undefined;
      try {
        // Through the group-commit writer: snaps of concurrent requests (two coaches, many games) share one
        // transaction and one fsync; we answer only once this request's snaps are committed.
        if (live && writer.writeAndRead) {
          ({ statuses, reads } = await writer.writeAndRead(viewer.teamId, viewer.userId, rows, live.wish));
        } else {
          statuses = await writer.write(viewer.teamId, viewer.userId, rows);
        }
      } catch (error) {
        if (error instanceof SnapIdTakenError) {
          const fields: Record<string, string> = {};
          snaps.forEach((s, i) => {
            if (error.ids.has(s.id)) fields[`snaps.${i}.id`] = SNAP_ID_TAKEN;
          });
          throw new ApiError(409, "snap_id_taken", SNAP_ID_TAKEN, fields);
        }
        if (error instanceof GameFinalError) {
          const fields: Record<string, string> = {};
          snaps.forEach((s, i) => {
            if (error.ids.has(s.id)) fields[`snaps.${i}.sessionId`] = GAME_FINAL;
          });
          throw new ApiError(409, "game_final", GAME_FINAL, fields);
        }
        // A player, session or play removed since the check above fails a foreign key and rolls everything
        // back: that is the client's stale reference, a 400, not our 500 (asked of the database, not of what the
        // server knew before).
        await checkReferences(db, viewer.teamId, snaps);
        throw error;
      }

      if (statuses.includes("created")) {
        const change = changeNow("events", session);
        if (live && reads) offerLiveReads(change, live.version, reads);
        hub.publish(viewer.teamId, change);
      }
      return c.json({ results: snaps.map((s, i) => ({ id: s.id, status: statuses[i]! })) }, 200);
    })
    .openapi(putSnap, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const db = database.db;
      const key = { id, teamId: viewer.teamId };
      const detail = input.detail as SnapDetail;

      // An id of another team's snap answers like one that does not exist, before its body is looked at.
      const current = await getSnap(db, key);
      if (!current) throw notFound(SNAP);
      const refs: TeamRef[] = [
        ...(input.playId ? [{ field: "playId", kind: "play" as const, id: input.playId }] : []),
        ...playerRefs(detail, "detail."),
        ...lineupRefs(input.lineup, ""),
      ];
      let missing = await missingReferences(db, viewer.teamId, refs);
      // A player who has left the team since may stay on a snap they took part in, or in its lineup.
      if (missing.some((r) => r.kind === "player")) {
        const already = await snapPlayerIds(db, key);
        for (const id of current.lineup ?? []) already.add(id);
        missing = missing.filter((r) => r.kind !== "player" || !already.has(r.id));
      }
      const error = invalidReferences(missing, MANY_NOT_THE_TEAMS);
      if (error) throw error;

      const edit = {
        playId: input.playId,
        period: input.period,
        firstDown: input.firstDown,
        detail,
        lineup: input.lineup,
      };
      let result: Awaited<ReturnType<typeof editSnap>>;
      try {
        result = await retryOnDeadlock(() => editSnap(db, key, viewer.userId, edit));
      } catch (error) {
        // A play deleted since the check above fails a foreign key and changes nothing: the client's stale
        // reference, a 400.
        if (input.playId)
          await checkTeamReferences(
            db,
            viewer.teamId,
            [{ field: "playId", kind: "play", id: input.playId }],
            MANY_NOT_THE_TEAMS,
          );
        throw error;
      }
      if (!result) throw notFound(SNAP);
      const snap = await getSnap(db, key);
      if (result.changed) hub.publish(viewer.teamId, changeNow("events", snap?.sessionId));
      if (!snap) throw notFound(SNAP);
      return c.json({ snap }, 200);
    })
    .openapi(deleteSnapRoute, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      if (!(await retryOnDeadlock(() => deleteSnap(database.db, { id, teamId: viewer.teamId })))) throw notFound(SNAP);
      hub.publish(viewer.teamId, changeNow("events"));
      return c.body(null, 204);
    });
}
