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
}

/** How many notices the list keeps showing (newest first). */
export const NOTICE_LIST_LIMIT = 50;

function asked(p: NoticeParams): string {
  const parts: string[] = [];
  if (p.jerseyNumber !== null && p.jerseyNumber !== undefined) parts.push(`jersey number ${p.jerseyNumber}`);
  if (p.position) parts.push(`${positionName(p.position)} as your primary position`);
  return parts.length ? parts.join(" and ") : "your change";
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
  }
}

/**
 * A name's possessive as English writes it: "Noah's", and "Riverside Rockets'" for a name ending in s. The screens
 * use it too (web ui/format.ts re-exports it).
 */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
