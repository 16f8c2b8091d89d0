/**
 * The signed-in user as the web app sees it: GET /api/me, POST /api/session and POST /api/signup all answer
 * `{ user: Me }`, whose shape is the server's own response schema (meSchema in src/domain/account.ts).
 *
 * Read here by hand, not with that zod schema: the session check runs before every signed-in screen's first paint,
 * and zod (about 25 kB gzipped, and its schemas built when their module runs) would sit on that path for every
 * screen (decision 0021). session.test.ts holds the two to the same answers (the same user out, the same inputs
 * refused), so they cannot drift.
 */
import type { Me } from "#domain/account";

export { type Me };
export type Role = Me["role"];
export type MeTeam = NonNullable<Me["team"]>;

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

function readTeam(value: unknown): MeTeam | null | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const { id, name, code, coachInviteCode } = value;
  if (!isString(id) || !isString(name) || !isString(code) || !isStringOrNull(coachInviteCode)) return undefined;
  return { id, name, code, coachInviteCode };
}

function readFormerTeam(value: unknown): Me["formerTeam"] | false {
  if (value === undefined || value === null) return value;
  if (!isRecord(value) || !isString(value.name) || !isString(value.leftAt)) return false;
  return { name: value.name, leftAt: value.leftAt };
}

function readUser(value: unknown): Me | null {
  if (!isRecord(value)) return null;
  const { id, email, role, fullName, coachRole, jerseyNumber, primaryPosition, positions, photoUrl } = value;
  if (!isString(id) || !isString(email) || !isString(fullName)) return null;
  if (role !== "player" && role !== "coach" && role !== "guardian") return null;
  if (coachRole !== null && coachRole !== "head" && coachRole !== "assistant") return null;
  if (jerseyNumber !== null && !(typeof jerseyNumber === "number" && Number.isSafeInteger(jerseyNumber))) return null;
  if (!isStringOrNull(primaryPosition) || !isStringOrNull(photoUrl)) return null;
  if (!Array.isArray(positions) || !positions.every(isString)) return null;
  const team = readTeam(value.team);
  if (team === undefined) return null;
  const formerTeam = readFormerTeam(value.formerTeam);
  if (formerTeam === false) return null;
  const { waitingForCoach, operator, actingGuardian } = value;
  if (
    actingGuardian !== undefined &&
    !(
      isRecord(actingGuardian) &&
      isString(actingGuardian.id) &&
      isString(actingGuardian.fullName) &&
      typeof actingGuardian.readOnly === "boolean"
    )
  )
    return null;
  if (waitingForCoach !== undefined && typeof waitingForCoach !== "boolean") return null;
  if (operator !== undefined && typeof operator !== "boolean") return null;

  const me: Me = {
    id,
    email,
    role,
    fullName,
    coachRole,
    team,
    jerseyNumber,
    primaryPosition,
    positions: [...positions],
    photoUrl,
  };
  // As zod's object does: an optional field the answer leaves out stays out.
  if (waitingForCoach !== undefined) me.waitingForCoach = waitingForCoach;
  if (formerTeam !== undefined) me.formerTeam = formerTeam;
  if (operator !== undefined) me.operator = operator;
  if (isRecord(actingGuardian))
    me.actingGuardian = {
      id: String(actingGuardian.id),
      fullName: String(actingGuardian.fullName),
      readOnly: actingGuardian.readOnly === true,
    };
  return me;
}

/** Reads `{ user: Me }` from an API answer; null when the answer does not hold a usable user. */
export function parseMeResponse(payload: unknown): Me | null {
  return isRecord(payload) ? readUser(payload.user) : null;
}
