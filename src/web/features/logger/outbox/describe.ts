import type { TeamSessionDto } from "#domain/api/logger";
import type { TeamSessionsResponse } from "#domain/api/team";
import { formatDay } from "~/ui/format";
import type { OutboxItem } from "./outbox";

/**
 * "Flag Pull by Maya Okafor", "Delete of Catch by Sam Lee", "Attendance of Maya Okafor", "Snap #7 → #11, 12 yds",
 * "Edit of snap …", "Delete of snap …", "Start of Game vs Eagles", "2nd half of Game vs Eagles", "Final score of Game
 * vs Eagles".
 */
export function describeOutboxItem(item: OutboxItem): string {
  switch (item.op) {
    case "event":
      return `${item.event.eventType} by ${item.view.playerName}`;
    case "delete":
      return `Delete of ${item.view.eventType} by ${item.view.playerName}`;
    case "attendance":
      return `Attendance of ${item.view.playerName}`;
    case "session":
      return `Start of ${item.view.label}`;
    case "snap":
      return `Snap ${item.view.text}`;
    case "snap-edit":
      return `Edit of snap ${item.view.text}`;
    case "snap-delete":
      return `Delete of snap ${item.view.text}`;
    case "period":
      return item.view.label;
    case "final":
      return item.score ? `Final score of ${item.view.label}` : `Reopening of ${item.view.label}`;
  }
}

type SessionSummary = TeamSessionsResponse["sessions"][number] | TeamSessionDto;

/** How a session reads in the picker: "Game vs Eagles", "Practice · Oct 1, 2026" (the day only when not today). */
export function sessionPickerLabel(s: SessionSummary, today: string): string {
  const opponent = s.opponent?.trim();
  const what = s.kind === "game" ? (opponent ? `Game vs ${opponent}` : "Game") : "Practice";
  const where = s.location?.trim() ? ` · ${s.location.trim()}` : "";
  return s.date === today ? `${what}${where}` : `${what} · ${formatDay(s.date)}${where}`;
}
