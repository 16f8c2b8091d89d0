/*
 * Test support for the security suites (authz-matrix.test.ts, fuzz.test.ts). Not used by the server.
 *
 * The list of API endpoints is never written by hand: it is read from the server's own route table (the OpenAPI
 * document the app serves at /api/openapi.json, and Hono's app.routes). What each kind of caller may do on each
 * endpoint is the AUTHZ table below, keyed "METHOD /path" exactly as the OpenAPI document spells the path; the
 * matrix suite fails when an endpoint has no entry, or when an entry names an endpoint that is gone.
 */
import { pino } from "pino";
import { z } from "zod";
import { createApp } from "#server/app.js";
import type { Services } from "#server/services.js";
import { CHILD_OPERATIONS } from "#server/http/acting-for-child.js";
import { testConfig } from "../support/test-client.js";

type App = ReturnType<typeof createApp>;

/** Who calls. Team A is the team under test; team B is another team. */
export const ACTORS = [
  "anonymous",
  "playerA",
  "otherPlayerA",
  "headCoachA",
  "assistantCoachA",
  "coachB",
  "playerB",
  // A guardian-only account, guardian of player A (docs/product.md §13), as themselves; then the same account acting
  // for player A (X-Flagline-Child), and naming player B, who is not their child.
  "guardianA",
  "guardianForA",
  "guardianForB",
] as const;
export type Actor = (typeof ACTORS)[number];

/** The acting actors: their status follows from the table's (statusOf), never written per endpoint. */
type ActingActor = "guardianForA" | "guardianForB";

/** The callers outside team A: nothing of team A may ever appear in what they are answered. */
export const OUTSIDERS: readonly Actor[] = ["anonymous", "coachB", "playerB"];

export type Expectation = Record<Exclude<Actor, ActingActor>, number>;

/**
 * The status an actor is expected to get. A guardian acting for player A gets player A's answer on the reads
 * guardians may call for a child (CHILD_OPERATIONS) and 403 everywhere else (`not_for_child`, or `child_signs_in`
 * on a change: player A has a sign-in of their own); naming player B, who is not theirs, 403 everywhere.
 */
export function statusOf(key: string, expected: Expectation, actor: Actor): number {
  // Player A signs in on their own, so their guardian keeps the reads only (403 child_signs_in on a change). A
  // guardian's changes for a child with no sign-in are src/server/routes/family.test.ts's.
  if (actor === "guardianForA") return CHILD_OPERATIONS.has(key) && key.startsWith("GET ") ? expected.playerA : 403;
  if (actor === "guardianForB") return 403;
  return expected[actor];
}

/** Public: everyone gets `ok`. */
const everyone = (ok: number): Expectation => ({
  anonymous: ok,
  playerA: ok,
  otherPlayerA: ok,
  headCoachA: ok,
  assistantCoachA: ok,
  coachB: ok,
  playerB: ok,
  guardianA: ok,
});

/** Any signed-in user (their own data): signed out 401. */
const signedIn = (ok: number): Expectation => ({ ...everyone(ok), anonymous: 401 });

/**
 * Coaches only; the request names team A's resources (or none). Signed out 401, players 403, A's coaches `ok`,
 * B's coach `coachB`: 404 for an id of team A (exactly as for an id that does not exist), or a 2xx on their own
 * team's data when the request names no id.
 */
const coachOnly = (ok: number, coachB: number): Expectation => ({
  anonymous: 401,
  playerA: 403,
  otherPlayerA: 403,
  headCoachA: ok,
  assistantCoachA: ok,
  coachB,
  playerB: 403,
  guardianA: 403,
});

/**
 * Players only, on their own data (the request names player A's own resource, or none): signed out 401,
 * coaches 403, player A `ok`; another player of A and B's player get `others` (404 for player A's id).
 */
const playerOnly = (ok: number, others = ok): Expectation => ({
  anonymous: 401,
  playerA: ok,
  otherPlayerA: others,
  headCoachA: 403,
  assistantCoachA: 403,
  coachB: 403,
  playerB: others,
  guardianA: 403,
});

/** A stored file of team A: its members `ok`, everyone else the same 404 as for an id that does not exist. */
const membersOfA = (ok: number): Expectation => ({
  anonymous: 404,
  playerA: ok,
  otherPlayerA: ok,
  headCoachA: ok,
  assistantCoachA: ok,
  coachB: 404,
  playerB: 404,
  guardianA: 404,
});

/**
 * Any member of a team, coach or player, on team data: signed out 401, team A's members `ok`; team B's members
 * get `others`: 404 for an id of team A (as for an id that does not exist), or their own team's data when the
 * request names no id.
 */
const teamMembers = (ok: number, others: number): Expectation => ({
  anonymous: 401,
  playerA: ok,
  otherPlayerA: ok,
  headCoachA: ok,
  assistantCoachA: ok,
  coachB: others,
  playerB: others,
  guardianA: 403,
});

/** The expected status of a valid request, per endpoint and caller. Path ids point at team A's resources. */
export const AUTHZ: Readonly<Record<string, Expectation>> = {
  // Leagues (docs/product.md §17): any account runs a league it makes; the matrix's leagues are team A's head
  // coach's, so every other caller, team A's assistant and players included, finds no such league (404). A team
  // joins with the league's code: head coaches only. The public page needs no sign-in.
  "GET /api/leagues": signedIn(200),
  "POST /api/leagues": signedIn(201),
  "GET /api/leagues/{id}": { ...signedIn(404), headCoachA: 200 },
  "PATCH /api/leagues/{id}": { ...signedIn(404), headCoachA: 200 },
  "POST /api/leagues/{id}/divisions": { ...signedIn(404), headCoachA: 201 },
  "PATCH /api/league-divisions/{id}": { ...signedIn(404), headCoachA: 200 },
  "DELETE /api/league-divisions/{id}": { ...signedIn(404), headCoachA: 200 },
  "POST /api/leagues/{id}/teams": { ...signedIn(404), headCoachA: 201 },
  "PATCH /api/league-teams/{id}": { ...signedIn(404), headCoachA: 200 },
  "DELETE /api/league-teams/{id}": { ...signedIn(404), headCoachA: 200 },
  "POST /api/leagues/{id}/fields": { ...signedIn(404), headCoachA: 201 },
  "DELETE /api/league-fields/{id}": { ...signedIn(404), headCoachA: 200 },
  "PUT /api/leagues/{id}/calendar": { ...signedIn(404), headCoachA: 200 },
  "POST /api/leagues/{id}/schedule": { ...signedIn(404), headCoachA: 201 },
  "GET /api/leagues/{id}/games": { ...signedIn(404), headCoachA: 200 },
  "POST /api/leagues/{id}/schedule/publish": { ...signedIn(404), headCoachA: 200 },
  "POST /api/leagues/{id}/schedule/edits": { ...signedIn(404), headCoachA: 200 },
  "GET /api/league-codes/{code}": { ...coachOnly(200, 200), assistantCoachA: 403 },
  "POST /api/team/leagues": { ...coachOnly(201, 201), assistantCoachA: 403 },
  "GET /api/public/leagues/{id}": everyone(200),
  "GET /api/public/leagues/{id}/calendar.ics": everyone(200),
  "GET /api/public/leagues/{id}/teams/{teamId}": everyone(200),
  // League results: a team's coaches see their league games and confirm, accept or dispute (team A's game here);
  // a game's result detail is for its league's admins and both teams' coaches (A's assistant too), a 404 to
  // everyone else; entering and clearing a result are the admins' only (a 404 to the game's other coaches too).
  // Co-admins: an admin makes a link; the link is the authorisation to see and take it (any signed-in account);
  // the owner takes a co-admin off.
  "POST /api/leagues/{id}/admin-invites": { ...signedIn(404), headCoachA: 201 },
  "GET /api/league-admin-invites/{token}": signedIn(200),
  "POST /api/league-admin-invites/{token}": signedIn(200),
  // A coach link for a place the league added by name: the admins make it; any signed-in account sees the place;
  // a head coach takes it for their team (players, guardians and assistant coaches do not place a team).
  "POST /api/league-teams/{id}/coach-invites": { ...signedIn(404), headCoachA: 201 },
  "GET /api/league-coach-invites/{token}": signedIn(200),
  "POST /api/league-coach-invites/{token}": { ...coachOnly(200, 200), assistantCoachA: 403 },
  "DELETE /api/leagues/{id}/admins/{userId}": { ...signedIn(404), headCoachA: 204 },
  "GET /api/team/league-games": coachOnly(200, 200),
  "POST /api/team/league-games/{id}/result": coachOnly(200, 404),
  "GET /api/league-games/{id}/result": { ...signedIn(404), headCoachA: 200, assistantCoachA: 200 },
  "PUT /api/league-games/{id}/result": { ...signedIn(404), headCoachA: 200 },
  "DELETE /api/league-games/{id}/result": { ...signedIn(404), headCoachA: 200 },
  // Eligibility and the roster lock: the league's problems and its decisions about late players are its admins'
  // (a 404 to everyone else, the member team's other coaches included); a team's coaches read their own team's.
  "GET /api/leagues/{id}/eligibility": { ...signedIn(404), headCoachA: 200 },
  "POST /api/leagues/{id}/roster-approvals": { ...signedIn(404), headCoachA: 200 },
  "GET /api/team/league-eligibility": coachOnly(200, 200),
  // Playoff brackets: a division's bracket is made, read and deleted by the league's admins (a 404 to everyone
  // else); the public page shows it once published.
  "POST /api/leagues/{id}/divisions/{divisionId}/bracket": { ...signedIn(404), headCoachA: 201 },
  "GET /api/leagues/{id}/divisions/{divisionId}/bracket": { ...signedIn(404), headCoachA: 200 },
  "DELETE /api/leagues/{id}/divisions/{divisionId}/bracket": { ...signedIn(404), headCoachA: 200 },

  "GET /api/health": everyone(200),
  "GET /api/openapi.json": everyone(200),
  "POST /api/session": everyone(200),
  "DELETE /api/session": everyone(204),
  "GET /api/session": everyone(200),
  "GET /api/me": signedIn(200),
  "POST /api/signup": everyone(201),
  "POST /api/contact": everyone(201),

  "GET /api/team/players": coachOnly(200, 200),
  "GET /api/team/players/{id}": coachOnly(200, 404),
  "DELETE /api/team/players/{id}": coachOnly(204, 404),
  // The head coach only: A's assistant is refused like a player; B's head coach rotates B's own code.
  "POST /api/team/codes/rotate": { ...coachOnly(200, 200), assistantCoachA: 403 },
  "GET /api/team/players/{id}/events": coachOnly(200, 404),
  "GET /api/team/players/{id}/stat-lines": coachOnly(200, 404),
  "GET /api/team/players/{id}/training-logs": coachOnly(200, 404),
  "POST /api/team/players/{id}/feedback": coachOnly(201, 404),
  "GET /api/team/players/{id}/feedback": coachOnly(200, 404),
  "GET /api/team/leaderboard": coachOnly(200, 404),
  "GET /api/team/stats": coachOnly(200, 200),
  "GET /api/team/dashboard": coachOnly(200, 200),

  "GET /api/team/sessions": coachOnly(200, 200),
  "POST /api/team/sessions": coachOnly(201, 201),
  "GET /api/team/sessions/{id}": coachOnly(200, 404),
  "PATCH /api/team/sessions/{id}": coachOnly(200, 404),
  "DELETE /api/team/sessions/{id}": coachOnly(204, 404),
  "PUT /api/team/sessions/{id}/attendance": coachOnly(200, 404),
  "GET /api/team/sessions/{id}/impact": coachOnly(200, 404),
  "GET /api/team/sessions/{id}/merge": coachOnly(200, 404),
  "POST /api/team/sessions/{id}/merge": coachOnly(200, 404),
  // The body names player A: for B's coach that player is not on the team, the logger's 400 by field.
  "POST /api/team/events": coachOnly(200, 400),
  "DELETE /api/team/events/{id}": coachOnly(204, 404),
  "PATCH /api/team/events/{id}/play": coachOnly(200, 404),
  "GET /api/team/stream": { ...signedIn(200), guardianA: 403 },

  // The body names player A and session A: for B's coach neither is theirs, the logger's 400 by field.
  "POST /api/team/snaps": coachOnly(200, 400),
  "PUT /api/team/snaps/{id}": coachOnly(200, 404),
  "DELETE /api/team/snaps/{id}": coachOnly(204, 404),
  "GET /api/team/sessions/{id}/snaps": teamMembers(200, 404),
  "GET /api/team/sessions/{id}/box-score.csv": teamMembers(200, 404),
  "GET /api/team/sessions/{id}/participation": coachOnly(200, 404),
  "GET /api/team/sessions/{id}/participation.csv": coachOnly(200, 404),
  "POST /api/team/sessions/{id}/final": coachOnly(200, 404),
  "DELETE /api/team/sessions/{id}/final": coachOnly(200, 404),
  "PUT /api/team/sessions/{id}/period": coachOnly(200, 404),
  "GET /api/team/scoreboard": teamMembers(200, 200),
  "GET /api/team/announcements": teamMembers(200, 200),
  "POST /api/team/announcements": coachOnly(201, 201),
  "DELETE /api/team/announcements/{id}": coachOnly(204, 404),
  "GET /api/team/games": teamMembers(200, 200),
  "GET /api/team/rules": teamMembers(200, 200),
  // B's coach sets B's own rules.
  "PUT /api/team/rules": coachOnly(200, 200),

  "GET /api/team/plays": coachOnly(200, 200),
  "POST /api/team/plays": coachOnly(201, 201),
  "PATCH /api/team/plays/{id}": coachOnly(200, 404),
  "POST /api/team/plays/{id}/archive": coachOnly(200, 404),
  "POST /api/team/plays/{id}/unarchive": coachOnly(200, 404),
  "POST /api/team/plays/{id}/diagram": coachOnly(201, 404),
  "DELETE /api/team/plays/{id}/diagram": coachOnly(204, 404),
  "GET /api/team/playbook-analysis": coachOnly(200, 200),
  "GET /api/team/playbook-analysis/{playId}/events": coachOnly(200, 404),

  "GET /api/team/roster": coachOnly(200, 200),
  "POST /api/team/roster": coachOnly(201, 201),
  "POST /api/team/roster/import": coachOnly(201, 201),
  "PATCH /api/team/roster/{id}": coachOnly(200, 404),
  "POST /api/team/roster/{id}/invite": coachOnly(200, 404),
  "POST /api/team/roster/{id}/confirmation": coachOnly(200, 404),
  "POST /api/team/roster/{id}/request": coachOnly(200, 404),
  // The invite link's token is the whole secret: anyone who holds it sees and claims the row (team C's here).
  "GET /api/claim/{token}": everyone(200),
  "POST /api/claim/{token}": everyone(201),
  // Families (docs/product.md §13). A guardian link's token is its authorisation: anyone who holds it sees it and
  // takes it (signed in, their account becomes the guardian of team A's player without an account; signed out, a
  // guardian account is made). The family: every account reads its own (empty unless it has children); only
  // guardian A changes player A's settings, everyone else finds no such child. The coach's side: A's coaches;
  // B's coach finds no such player.
  "GET /api/guardian-invites/{token}": everyone(200),
  "POST /api/guardian-invites/{token}": everyone(201),
  "GET /api/family": signedIn(200),
  "PATCH /api/family/children/{id}": { ...signedIn(404), guardianA: 200 },
  // A guardian-only account's own name; anyone else's name is their profile's.
  "PATCH /api/family": { ...signedIn(403), guardianA: 200 },
  // Withdrawing consent: guardian A, for a child of A of their own made for the cell; everyone else finds no child.
  "GET /api/family/children/{id}/withdrawal": { ...signedIn(404), guardianA: 200 },
  "GET /api/family/children/{id}/export": { ...signedIn(404), guardianA: 200 },
  "POST /api/family/children/{id}/withdrawal": { ...signedIn(404), guardianA: 200 },
  // A sign-in of their own for a child of 13 or more: player A has one already (409); not anyone else's child.
  "POST /api/family/children/{id}/sign-in-invite": { ...signedIn(404), guardianA: 409 },
  "GET /api/team/players/{id}/family": coachOnly(200, 404),
  "POST /api/team/players/{id}/guardian-invites": coachOnly(201, 404),
  "DELETE /api/team/players/{id}/guardians/{guardianId}": coachOnly(204, 404),
  "PUT /api/team/players/{id}/birth-date": coachOnly(200, 404),

  // A guardian-only account has no profile, no photo and joins no team (docs/product.md §13): 403 guardian_account.
  "GET /api/profile": { ...signedIn(200), guardianA: 403 },
  "PATCH /api/profile": { ...signedIn(200), guardianA: 403 },
  "POST /api/profile/photo": { ...signedIn(201), guardianA: 403 },
  "DELETE /api/profile/photo": { ...signedIn(204), guardianA: 403 },
  "POST /api/profile/password": signedIn(204),
  "GET /api/files/{id}": membersOfA(200),

  "GET /api/me/dashboard": playerOnly(200),
  "GET /api/me/stat-lines": playerOnly(200),
  "GET /api/me/training-logs": playerOnly(200),
  "POST /api/me/training-logs": playerOnly(201),
  "PATCH /api/me/training-logs/{id}": playerOnly(200, 404),
  "DELETE /api/me/training-logs/{id}": playerOnly(204, 404),
  "GET /api/me/feedback": playerOnly(200),
  "POST /api/me/feedback/read": playerOnly(204),
  // Notices are the caller's own (docs/product.md §11): anyone signed in, with a team or without.
  "GET /api/me/notices": signedIn(200),
  "POST /api/me/notices/read": signedIn(200),

  // Account recovery and data (issue #16). Reset and confirmation tokens work for whoever holds them.
  "GET /api/mail": everyone(200),
  "POST /api/password/forgot": everyone(200),
  "POST /api/password/reset": everyone(200),
  "POST /api/me/email/confirm": everyone(200),
  // The head coach only, for a player of the team: A's assistant is refused like a player; B's coach gets 404.
  "POST /api/team/players/{id}/reset-link": { ...coachOnly(201, 404), assistantCoachA: 403 },
  "POST /api/me/email": signedIn(200),
  "GET /api/me/export": signedIn(200),
  "GET /api/me/deletion": signedIn(200),
  // Runs last. A's head coach has an assistant: 409 until they hand over; B's head coach is alone and takes
  // team B with them, after which B's player (now without a team) deletes their own account.
  "DELETE /api/me": { ...signedIn(204), headCoachA: 409 },

  // Team settings: any coach lists the coaches; the head coach renames (B's head coach renames B), removes an
  // assistant and hands the role over (A's assistant is refused like a player; B's coach finds no such assistant).
  "PATCH /api/team": { ...coachOnly(200, 200), assistantCoachA: 403 },
  "GET /api/team/coaches": coachOnly(200, 200),
  "DELETE /api/team/coaches/{id}": { ...coachOnly(204, 404), assistantCoachA: 403 },
  "POST /api/team/coaches/{id}/head": { ...coachOnly(200, 404), assistantCoachA: 403 },
  // For an account with no team: every caller here is on a team (409); routes/join.test.ts covers joining.
  "POST /api/me/join": { ...signedIn(409), guardianA: 403 },
  // The operator area answers every normal caller like a path that does not exist (routes/operator.test.ts
  // covers an OPERATOR_EMAILS account).
  "GET /api/operator/messages": everyone(404),
  "POST /api/operator/messages/{id}/handled": everyone(404),
  "GET /api/operator/teams": everyone(404),
  "GET /api/operator/usage": everyone(404),

  // Seasons: every member reads the list (B's members their own team's); the head coach starts one (A's
  // assistant is refused like a player; B's head coach starts B's); coaches rename (B's coach: 404 for A's season).
  "GET /api/team/seasons": teamMembers(200, 200),
  "POST /api/team/seasons": { ...coachOnly(201, 201), assistantCoachA: 403 },
  "PATCH /api/team/seasons/{id}": coachOnly(200, 404),

  // API tokens (docs/product.md §11): the head coach only, with the session cookie (A's assistant is refused like a
  // player; B's head coach lists and makes B's own, and finds no token of A to revoke). What a token itself may
  // call is routes/api-tokens.test.ts's matter (http/bearer-token.ts TOKEN_OPERATIONS).
  "GET /api/team/api-tokens": { ...coachOnly(200, 200), assistantCoachA: 403 },
  "POST /api/team/api-tokens": { ...coachOnly(201, 201), assistantCoachA: 403 },
  "DELETE /api/team/api-tokens/{id}": { ...coachOnly(204, 404), assistantCoachA: 403 },

  // The schedule (issue #29): every member reads it (B's members their own team's, 404 for A's event); coaches plan
  // (B's coach plans B's own, finds no event of A to change). Answers: player A for themselves, A's coaches for
  // player A; A's other player may not answer for player A (403); team B finds no such event (404).
  "GET /api/team/schedule": teamMembers(200, 200),
  "GET /api/team/schedule/{id}": teamMembers(200, 404),
  "POST /api/team/schedule": coachOnly(201, 201),
  "PATCH /api/team/schedule/{id}": coachOnly(200, 404),
  "PUT /api/team/schedule/{id}/answers/{playerId}": { ...teamMembers(200, 404), otherPlayerA: 403 },
  "GET /api/team/schedule-settings": teamMembers(200, 200),
  "PATCH /api/team/schedule-settings": coachOnly(200, 200),

  // Calendar feeds (issue #29): each signed-in person's own address; the feed's token is the whole authorisation,
  // like an invite link's (a feed of team C's coach here, so no team A data is in what outsiders read); one
  // event's download as the event's read: A's members, 404 for B's.
  "GET /api/me/calendar": signedIn(200),
  "POST /api/me/calendar/replace": signedIn(200),
  "GET /api/calendar/{file}": everyone(200),
  "GET /api/team/schedule/{id}/calendar.ics": teamMembers(200, 404),

  // Reminders (issue #29): the team's reminder times, read by every member, changed by coaches (B's coach changes
  // B's own); each signed-in person's own mail preferences. The answer and unsubscribe links are public: their
  // signed token is the whole authorisation (here a roster player's and the coach's of team C, so no team A data
  // is in what outsiders read).
  "GET /api/team/reminder-settings": teamMembers(200, 200),
  "PATCH /api/team/reminder-settings": coachOnly(200, 200),
  "GET /api/me/mail-preferences": signedIn(200),
  "PATCH /api/me/mail-preferences": signedIn(200),
  // Web Push: the caller's own devices and choices (docs/product.md §16); a device id of someone else is 404.
  "GET /api/me/push": signedIn(200),
  "PUT /api/me/push/devices": signedIn(200),
  "DELETE /api/me/push/devices/{id}": signedIn(204),
  "PATCH /api/me/push/preferences": signedIn(200),
  "POST /api/me/push/test": signedIn(202),
  "GET /api/answer/{token}": everyone(200),
  "POST /api/answer/{token}": everyone(200),
  "GET /api/unsubscribe/{token}": everyone(200),
  "POST /api/unsubscribe/{token}": everyone(200),

  // Follow links (issue #30): a game's link is read by A's members (to share it) and made and revoked by A's
  // coaches (B's coach: 404 for A's game). What it opens is public: the token is the whole authorisation (a game of
  // team C here, so no team A data is in what outsiders read).
  "GET /api/team/sessions/{id}/follow-link": teamMembers(200, 404),
  "PUT /api/team/sessions/{id}/follow-link": coachOnly(200, 404),
  "DELETE /api/team/sessions/{id}/follow-link": coachOnly(200, 404),
  "GET /api/follow/{token}": everyone(200),
  "GET /api/follow/{token}/stream": everyone(200),
};

/** Routes the app serves that are deliberately not in the OpenAPI document. */
export const UNDOCUMENTED = new Set(["GET /api/openapi.json"]);

// ---------------------------------------------------------------------------------------------------------------
// The route table

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Endpoint {
  /** "METHOD /path", the path as the OpenAPI document writes it ("/api/files/{id}"). */
  key: string;
  method: string;
  path: string;
  /** The OpenAPI operation, with $refs resolved; undefined for an undocumented route. */
  operation?: OpenApiOperation;
}

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

/** Resolves "#/components/schemas/X" references (the domain schemas registered with a name). */
function resolveRefs<T>(value: T, doc: OpenApiDocument, depth = 0): T {
  if (depth > 50 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, doc, depth + 1)) as T;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === "string") {
    const name = ref.replace(/^#\/components\/schemas\//, "");
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolvable $ref ${ref}`);
    return resolveRefs(target as T, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, doc, depth + 1)])) as T;
}

/** Hono's "/api/files/:id" as OpenAPI writes it. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

export interface RouteTable {
  doc: OpenApiDocument;
  /** Every endpoint, documented or not, sorted by key. */
  endpoints: Endpoint[];
  /** Keys in the OpenAPI document. */
  documented: string[];
  /** Keys of the handlers Hono has mounted under /api (middleware and the /api/* fallback left out). */
  mounted: string[];
}

/**
 * The server's endpoints, from the OpenAPI document it serves and from Hono's route table. A handler is an entry
 * of app.routes whose method is not ALL (app.use and app.all register ALL) under /api/; an ALL route under a path
 * other than the /api/* wildcard would be an endpoint too, and is listed as "ALL /path".
 */
export async function routeTable(app: App): Promise<RouteTable> {
  const res = await app.request("http://localhost:3000/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as OpenApiDocument;

  const byKey = new Map<string, Endpoint>();
  const documented: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      documented.push(key);
      byKey.set(key, { key, method: method.toUpperCase(), path, operation: resolveRefs(operation, doc) });
    }
  }

  const mounted = new Set<string>();
  for (const r of app.routes) {
    if (!r.path.startsWith("/api/")) continue;
    if (r.method === "ALL" && (r.path === "/api/*" || r.path === "*")) continue;
    const path = openApiPath(r.path);
    const key = `${r.method} ${path}`;
    mounted.add(key);
    if (!byKey.has(key)) byKey.set(key, { key, method: r.method, path });
  }

  const endpoints = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { doc, endpoints, documented: documented.sort(), mounted: [...mounted].sort() };
}

/**
 * The app as the server composes it, over services that are never touched: for reading the route table when
 * tests are collected, before any database exists. Only /api/openapi.json is ever requested from it.
 */
export function routeTableApp(): App {
  const services = { config: testConfig(), log: pino({ level: "silent" }) } as unknown as Services;
  return createApp(services);
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** docs/architecture.md's error shape, with nothing else in it. */
export const StrictErrorSchema = z
  .object({
    error: z
      .object({
        code: z.string().min(1),
        message: z.string().min(1),
        fields: z.record(z.string(), z.string()).optional(),
        // The request's id (its X-Request-Id), in every error body.
        requestId: z.string().min(1),
      })
      .strict(),
  })
  .strict();

/** Why an error answer is not in the error shape, or null when it is. */
export function errorShapeProblem(status: number, contentType: string | null, body: unknown): string | null {
  if (!/^application\/json\b/i.test(contentType ?? "")) return `${status} with content-type ${contentType}`;
  const parsed = StrictErrorSchema.safeParse(body);
  if (!parsed.success) return `${status} body not in the error shape: ${JSON.stringify(body)?.slice(0, 300)}`;
  return null;
}
