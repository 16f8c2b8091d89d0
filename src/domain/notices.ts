/**
 * Notices (docs/product.md §11): what happened to a person, said once in the app and, with mail set up, by
 * email. Pure and zod-free, so the server's mail texts and the signed-in screens (decision 0021) share the words.
 */
import { positionName } from "./positions.js";

export const NOTICE_KINDS = [
  "confirmed",
  "declined",
  "removed",
  "request_approved",
  "request_declined",
  "player_waiting",
  "event_reminder",
  "players_short",
  "event_changed",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The text's parameters. `teamName` always; the rest by kind. */
export interface NoticeParams {
  teamName: string;
  /** request_*: the number asked for, if any. */
  jerseyNumber?: number | null;
  /** request_*: the primary position asked for (a position key), if any. */
  position?: string | null;
  /** player_waiting: the sign-up's name (coaches see it in the app; the mail leaves it out). */
  playerName?: string;
  /** event_*, players_short: the scheduled event (docs/product.md §12), its kind, local day and time, opponent. */
  eventId?: string;
  eventKind?: "game" | "practice";
  eventDate?: string;
  eventTime?: string;
  opponent?: string | null;
  /** players_short: how many are going, and the team's minimum. */
  going?: number;
  minPlayers?: number;
  /** event_changed: what changed ("cancelled", "added" (a league's new game), or the fields moved: "time", "place"). */
  change?: string;
}

/** How many notices the list keeps showing (newest first). */
export const NOTICE_LIST_LIMIT = 50;

function asked(p: NoticeParams): string {
  const parts: string[] = [];
  if (p.jerseyNumber !== null && p.jerseyNumber !== undefined) parts.push(`jersey number ${p.jerseyNumber}`);
  if (p.position) parts.push(`${positionName(p.position)} as your primary position`);
  return parts.length ? parts.join(" and ") : "your change";
}

/** "the game against Eagles on 2026-03-14 at 18:00", "the practice on 2026-03-12 at 19:00". */
function eventPhrase(p: NoticeParams): string {
  const what = p.eventKind === "game" ? (p.opponent ? `the game against ${p.opponent}` : "the game") : "the practice";
  return `${what} on ${p.eventDate ?? "its day"} at ${p.eventTime ?? "its time"}`;
}

/** The notice as the app shows it to its recipient. */
export function noticeText(kind: NoticeKind, p: NoticeParams): string {
  switch (kind) {
    case "confirmed":
      return `The coach confirmed you: you are on ${possessive(p.teamName)} roster.`;
    case "declined":
      return `The coach of ${p.teamName} declined your sign-up: you are not on the team.`;
    case "removed":
      return `The coach removed you from ${p.teamName}.`;
    case "request_approved":
      return `The coach approved your request: ${asked(p)}.`;
    case "request_declined":
      return `The coach declined your request for ${asked(p)}. Nothing changed.`;
    case "player_waiting":
      return `${p.playerName ?? "A player"} joined ${p.teamName} with the team code and waits for you to confirm them.`;
    case "event_reminder":
      return `Are you coming to ${eventPhrase(p)}? ${p.teamName} waits for your answer.`;
    case "players_short":
      return `Only ${p.going ?? 0} going to ${eventPhrase(p)}: ${p.teamName} wants at least ${p.minPlayers ?? 0}.`;
    case "event_changed":
      if (p.change === "added") return `${p.teamName} has a new game: ${eventPhrase(p)}.`;
      return p.change === "cancelled"
        ? `${p.teamName} cancelled ${eventPhrase(p)}.`
        : `${p.teamName} changed ${eventPhrase(p)}: check the new ${p.change ?? "details"}.`;
  }
}

/**
 * A name's possessive as English writes it: "Noah's", and "Riverside Rockets'" for a name ending in s. The screens
 * use it too (web ui/format.ts re-exports it).
 */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
