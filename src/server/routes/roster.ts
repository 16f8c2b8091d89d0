import { privacyOf } from "../db/minor-privacy.js";
import { createRoute, z } from "@hono/zod-openapi";
import {
  confirmationBodySchema,
  importRosterSchema,
  inviteResponseSchema,
  jerseyTakenMessage,
  requestDecisionBodySchema,
  rosterEntryResponseSchema,
  rosterPlayerInputSchema,
  rosterListResponseSchema,
  rosterResponseSchema,
  updateRosterPlayerSchema,
  type RosterPlayerInput,
} from "#domain/api/roster.js";
import {
  addRosterPlayers,
  confirmRosterPlayer,
  getRosterEntry,
  jerseyHolder,
  listRoster,
  renewInvite,
  updateRosterPlayer,
  type JerseyClash,
} from "../db/roster.js";
import { isUniqueViolation } from "../db/dialect.js";
import { mergeSignUpIntoRow, type MergeRefusal } from "../db/roster-claim.js";
import { decideRequest } from "../db/roster-requests.js";
import { retryOnDeadlock } from "../db/retry.js";
import type { WrittenNotice } from "../db/notices.js";
import { removePlayerFromTeam } from "../db/teams.js";
import { mailNotices } from "../mail/notices.js";
import { createRouter, type AppContext, type AppEnv } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { idParams } from "../http/path-params.js";

/*
 * The coach's roster (docs/product.md §11): any coach of the team adds, imports and edits players, renews their
 * invite links, confirms or declines team-code sign-ups and answers jersey and position requests. The team is
 * the caller's; another team's player answers 404 like an unknown id.
 */

const PLAYER = "That player";

const playerParams = idParams("The player's user id");

const RosterEntry = rosterEntryResponseSchema.openapi("RosterEntryResponse");
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

const listRoute = createRoute({
  method: "get",
  path: "/api/team/roster",
  operationId: "getRoster",
  tags: ["roster"],
  middleware: [coachOnly] as const,
  summary: "The team's players as the coach manages them: invite state, waiting sign-ups, requests",
  responses: {
    200: {
      description: "The roster",
      content: { "application/json": { schema: rosterListResponseSchema.openapi("Roster") } },
    },
    ...errorResponses(401, 403),
  },
});

const addRoute = createRoute({
  method: "post",
  path: "/api/team/roster",
  operationId: "addRosterPlayer",
  tags: ["roster"],
  middleware: [coachOnly] as const,
  summary: "Add a player without an account; the answer holds their invite link's token",
  request: jsonBody(rosterPlayerInputSchema),
  responses: {
    201: { description: "Added", content: { "application/json": { schema: RosterEntry } } },
    ...errorResponses(400, 401, 403, 409, 415),
  },
});

const importRoute = createRoute({
  method: "post",
  path: "/api/team/roster/import",
  operationId: "importRoster",
  tags: ["roster"],
  middleware: [coachOnly] as const,
  summary: "Add many players at once: all of them, or none (row errors by field, players.N.field)",
  request: jsonBody(importRosterSchema),
  responses: {
    201: {
      description: "All added",
      content: { "application/json": { schema: rosterResponseSchema.openapi("ImportedRoster") } },
    },
    ...errorResponses(400, 401, 403, 409, 413, 415),
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/api/team/roster/{id}",
  operationId: "updateRosterPlayer",
  tags: ["roster"],
  middleware: [coachOnly] as const,
  summary: "Change a player's name, jersey number or positions",
  request: { params: playerParams, ...jsonBody(updateRosterPlayerSchema) },
  responses: {
    200: { description: "As saved", content: { "application/json": { schema: RosterEntry } } },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const inviteRoute = createRoute({
  method: "post",
  path: "/api/team/roster/{id}/invite",
  operationId: "makeRosterInvite",
  tags: ["roster"],
  middleware: [coachOnly] as const,
  summary: "A new invite link for a player nobody has claimed (the previous link stops working)",
  request: { params: playerParams },
  responses: {
    200: {
      description: "The new token",
      content: { "application/json": { schema: inviteResponseSchema.openapi("RosterInvite") } },
    },
    ...errorResponses(401, 403, 404, 409),
  },
});

const confirmationRoute = createRoute({
  method: "post",
  path: "/api/team/roster/{id}/confirmation",
  operationId: "confirmRosterPlayer",
  tags: ["roster"],
  middleware: [coachOnly] as const,
  summary: "Confirm a player who joined with the team code, decline them (they leave the team), or merge them",
  description:
    '"merge" with `into`, a roster place nobody has claimed: the sign-up\'s account takes that place, which keeps ' +
    "its history (events, snaps, attendance); the sign-up's own user is deleted and its sessions stay signed in " +
    "as the place. 409 not_waiting, already_claimed, or own_history (the sign-up has history of its own).",
  request: { params: playerParams, ...jsonBody(confirmationBodySchema) },
  responses: {
    200: { description: "Confirmed, or merged: the place", content: { "application/json": { schema: RosterEntry } } },
    204: { description: "Declined: removed from the team" },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const requestRoute = createRoute({
  method: "post",
  path: "/api/team/roster/{id}/request",
  operationId: "answerRosterRequest",
  tags: ["roster"],
  middleware: [coachOnly] as const,
  summary: "Approve or decline a player's jersey number or primary position request",
  request: { params: playerParams, ...jsonBody(requestDecisionBodySchema) },
  responses: {
    200: { description: "The player now", content: { "application/json": { schema: RosterEntry } } },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

function mergeRefused(refusal: MergeRefusal, name: string): ApiError {
  switch (refusal) {
    case "not_found":
      return notFound(PLAYER);
    case "not_waiting":
      return new ApiError(409, "not_waiting", `${name} is confirmed already: only a waiting sign-up can be merged.`);
    case "already_claimed":
      return new ApiError(409, "already_claimed", "Someone has claimed that place already: it cannot be merged into.", {
        into: "Someone has claimed that place already: it cannot be merged into.",
      });
    case "own_history":
      return new ApiError(
        409,
        "own_history",
        `${name} has plays or attendance of their own on this team: confirm them instead of merging.`,
      );
  }
}

function jerseyTaken(clash: JerseyClash, field: string): ApiError {
  const message = jerseyTakenMessage(clash.jerseyNumber, clash.holder);
  return new ApiError(409, "jersey_taken", message, { [field]: message });
}

/**
 * A write lost a race to the team's jersey index (another coach gave the number meanwhile): the 409 naming who
 * has it now, for the first of the inputs whose number is taken.
 */
async function raceClash<E extends AppEnv>(
  c: AppContext<E>,
  teamId: string,
  inputs: readonly { jerseyNumber?: number | null }[],
  except?: string,
): Promise<JerseyClash | null> {
  const { db } = c.get("services").database;
  for (const [index, p] of inputs.entries()) {
    if (p.jerseyNumber === null || p.jerseyNumber === undefined) continue;
    const holder = await jerseyHolder(db, teamId, p.jerseyNumber, except);
    if (holder !== null) return { index, jerseyNumber: p.jerseyNumber, holder };
  }
  return null;
}

async function guardRace<E extends AppEnv, T>(
  c: AppContext<E>,
  teamId: string,
  inputs: readonly { jerseyNumber?: number | null }[],
  field: (index: number) => string,
  write: () => Promise<T>,
  except?: string,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const clash = await raceClash(c, teamId, inputs, except);
    if (!clash) throw error;
    throw jerseyTaken(clash, field(clash.index));
  }
}

function announce<E extends AppEnv>(c: AppContext<E>, teamId: string) {
  c.get("services").hub.publish(teamId, changeNow("roster"));
}

async function addAll<E extends AppEnv>(
  c: AppContext<E>,
  teamId: string,
  players: RosterPlayerInput[],
  field: (index: number) => string,
) {
  const { db } = c.get("services").database;
  const result = await guardRace(c, teamId, players, field, () => addRosterPlayers(db, teamId, players));
  if ("clash" in result) throw jerseyTaken(result.clash, field(result.clash.index));
  announce(c, teamId);
  return result.added;
}

export function rosterRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const db = c.get("services").database.db;
      const players = await listRoster(db, c.var.viewer.teamId);
      const privacy = await privacyOf(
        db,
        players.map((p) => p.id),
      );
      return c.json({ players, privacy: [...privacy.values()] }, 200);
    })
    .openapi(addRoute, async (c) => {
      const [player] = await addAll(c, c.var.viewer.teamId, [c.req.valid("json")], () => "jerseyNumber");
      return c.json({ player: player! }, 201);
    })
    .openapi(importRoute, async (c) => {
      const { players } = c.req.valid("json");
      const added = await addAll(c, c.var.viewer.teamId, players, (i) => `players.${i}.jerseyNumber`);
      return c.json({ players: added }, 201);
    })
    .openapi(updateRoute, async (c) => {
      const teamId = c.var.viewer.teamId;
      const { id } = c.req.valid("param");
      const patch = c.req.valid("json");
      const { db } = c.get("services").database;
      const result = await guardRace(
        c,
        teamId,
        [patch],
        () => "jerseyNumber",
        // A position change re-values the player's points in rows the whole team's writes share (decision 0015):
        // on PostgreSQL it may be a deadlock's victim, and runs again.
        () => retryOnDeadlock(() => updateRosterPlayer(db, teamId, id, patch)),
        id,
      );
      if (!result) throw notFound(PLAYER);
      if ("clash" in result) throw jerseyTaken(result.clash, "jerseyNumber");
      announce(c, teamId);
      return c.json({ player: result }, 200);
    })
    .openapi(inviteRoute, async (c) => {
      const { id } = c.req.valid("param");
      const result = await renewInvite(c.get("services").database.db, c.var.viewer.teamId, id);
      if (!result) throw notFound(PLAYER);
      if (result === "claimed") {
        throw new ApiError(409, "already_claimed", "This player has claimed their place already; no invite is needed.");
      }
      return c.json({ inviteToken: result.token }, 200);
    })
    .openapi(confirmationRoute, async (c) => {
      const teamId = c.var.viewer.teamId;
      const { id } = c.req.valid("param");
      const { decision, into } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const entry = await getRosterEntry(database.db, teamId, id);
      if (!entry) throw notFound(PLAYER);
      if (decision === "merge") {
        const merged = await mergeSignUpIntoRow(database.db, teamId, id, into!);
        if (typeof merged === "string") throw mergeRefused(merged, entry.fullName);
        // The sign-up's sessions now belong to the place: every cached viewer and stream of the old id ends.
        hub.revoke({ userId: id });
        announce(c, teamId);
        const player = await getRosterEntry(database.db, teamId, merged.rowId);
        if (!player) throw notFound(PLAYER);
        return c.json({ player }, 200);
      }
      if (decision === "decline") {
        if (entry.confirmed) {
          throw new ApiError(409, "already_confirmed", `${entry.fullName} is confirmed already. Remove them instead.`);
        }
        const told: WrittenNotice[] = [];
        if (!(await removePlayerFromTeam(database.db, teamId, id, { kind: "declined", told }))) throw notFound(PLAYER);
        mailNotices(c.get("services").mailer, c.get("services").config.publicUrl, told);
        hub.revoke({ userId: id });
        announce(c, teamId);
        return c.body(null, 204);
      }
      const told: WrittenNotice[] = [];
      if (!(await confirmRosterPlayer(database.db, teamId, id, told))) throw notFound(PLAYER);
      mailNotices(c.get("services").mailer, c.get("services").config.publicUrl, told);
      announce(c, teamId);
      return c.json({ player: { ...entry, confirmed: true } }, 200);
    })
    .openapi(requestRoute, async (c) => {
      const teamId = c.var.viewer.teamId;
      const { id } = c.req.valid("param");
      const { decision } = c.req.valid("json");
      const { db } = c.get("services").database;
      const asked = (await getRosterEntry(db, teamId, id))?.request?.jerseyNumber ?? null;
      const told: WrittenNotice[] = [];
      const result = await guardRace(
        c,
        teamId,
        [{ jerseyNumber: asked }],
        () => "jerseyNumber",
        () =>
          retryOnDeadlock(() => {
            told.length = 0;
            return decideRequest(db, teamId, id, decision === "approve", told);
          }),
        id,
      );
      if (!result) throw notFound(PLAYER);
      if (result === "none") throw new ApiError(409, "no_request", "This player has no request waiting.");
      if ("clash" in result) throw jerseyTaken(result.clash, "jerseyNumber");
      mailNotices(c.get("services").mailer, c.get("services").config.publicUrl, told);
      announce(c, teamId);
      return c.json({ player: result }, 200);
    });
}
