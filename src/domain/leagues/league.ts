/**
 * A league as people set it up (docs/product.md §17, issue #31): its limits, its join code's shape and the words the
 * league screens share. Pure and free of zod, like the other rules a screen needs to draw.
 */

export const LEAGUE_LIMITS = Object.freeze({
  nameMax: 80,
  divisionNameMax: 40,
  teamNameMax: 80,
  fieldNameMax: 80,
  addressMax: 200,
  subFieldNameMax: 20,
  /** Per league. */
  divisions: 20,
  teams: 400,
  fields: 50,
  subFieldsPerField: 8,
  gameDays: 80,
  timeSlots: 24,
  blackoutDates: 40,
  /** Minutes a team rests between two games on one day. */
  minRestMax: 600,
  /** The point-difference tiebreaker's cap per game. */
  pointDifferenceCapMax: 100,
  /** A game's length, minutes. */
  gameMinutesMin: 20,
  gameMinutesMax: 240,
});

/** How long a co-admin link stays open. */
export const LEAGUE_ADMIN_INVITE_DAYS = 14;

/** The web page a co-admin link opens. */
export const leagueAdminInvitePath = (token: string) => `/league-admin/${encodeURIComponent(token)}`;

/** The web page a league team's coach link opens (as long open as a co-admin link). */
export const leagueCoachInvitePath = (token: string) => `/league-coach/${encodeURIComponent(token)}`;

/** A league's join code: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const LEAGUE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const LEAGUE_CODE_LENGTH = 8;

/** The code as typed: spaces and dashes dropped, upper-cased. */
export function normalizeLeagueCode(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toUpperCase();
}

export function isLeagueCode(value: string): boolean {
  return value.length === LEAGUE_CODE_LENGTH && [...value].every((ch) => LEAGUE_CODE_ALPHABET.includes(ch));
}

export const LEAGUE_GAME_STATUSES = ["draft", "published", "cancelled"] as const;

export const LEAGUE_ADMIN_ROLES = ["owner", "co_admin"] as const;
export type LeagueAdminRole = (typeof LEAGUE_ADMIN_ROLES)[number];

/** "09:30" as minutes after midnight. */
export function minutesOfWallTime(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
}

/** Minutes after midnight as "09:30". */
export function wallTimeOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** How a game's place reads: "Riverside Park, field B" or "Riverside Park". */
export function fieldLabel(fieldName: string, subField: string): string {
  return subField === "" ? fieldName : `${fieldName}, field ${subField}`;
}
