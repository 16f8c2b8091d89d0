import type { TeamSessionDto } from "#domain/api/logger";
import type { TeamSessionsResponse } from "#domain/api/team";
import { formatDay } from "~/ui/format";
import type { OutboxItem } from "./outbox";

/** "Flag Pull by Maya Okafor", "Delete of Catch by Sam Lee", "Attendance of Maya Okafor". */
export function describeOutboxItem(item: OutboxItem): string {
  if (item.op === "event") return `${item.event.eventType} by ${item.view.playerName}`;
  if (item.op === "delete") return `Delete of ${item.view.eventType} by ${item.view.playerName}`;
  return `Attendance of ${item.view.playerName}`;
}

type SessionSummary = TeamSessionsResponse["sessions"][number] | TeamSessionDto;

/** How a session reads in the picker: "Game vs Eagles", "Practice · Oct 1, 2026" (the day only when not today). */
export function sessionPickerLabel(s: SessionSummary, today: string): string {
  const opponent = s.opponent?.trim();
  const what = s.kind === "game" ? (opponent ? `Game vs ${opponent}` : "Game") : "Practice";
  const where = s.location?.trim() ? ` · ${s.location.trim()}` : "";
  return s.date === today ? `${what}${where}` : `${what} · ${formatDay(s.date)}${where}`;
}
