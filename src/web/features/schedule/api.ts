import { apiFetch } from "~/lib/api";
import type {
  CalendarFeed,
  CreateScheduleEventBody,
  ScheduleResponse,
  ScheduleSettings,
  ScheduleSettingsBody,
  UpdateScheduleEventBody,
} from "#domain/api/schedule";
import type { ReminderSettingsBody, ReminderSettingsResponse } from "#domain/api/reminders";

const eventPath = (id: string) => `/api/team/schedule/${encodeURIComponent(id)}`;

/** POST /api/team/schedule: one event, or a weekly series; answers the events made. */
export function createScheduleEvent(body: CreateScheduleEventBody): Promise<ScheduleResponse> {
  return apiFetch<ScheduleResponse>("/api/team/schedule", { method: "POST", json: body });
}

/** PATCH /api/team/schedule/{id}: edit (this one, or this and the following of its series), cancel or restore. */
export function updateScheduleEvent(id: string, body: UpdateScheduleEventBody): Promise<ScheduleResponse> {
  return apiFetch<ScheduleResponse>(eventPath(id), { method: "PATCH", json: body });
}

/** PATCH /api/team/schedule-settings: the team's zone and minimum players. */
export function saveScheduleSettings(body: ScheduleSettingsBody): Promise<ScheduleSettings> {
  return apiFetch<ScheduleSettings>("/api/team/schedule-settings", { method: "PATCH", json: body });
}

/** PATCH /api/team/reminder-settings (coaches): the team's reminder times; null turns one off. */
export function saveReminderSettings(body: ReminderSettingsBody): Promise<ReminderSettingsResponse> {
  return apiFetch<ReminderSettingsResponse>("/api/team/reminder-settings", { method: "PATCH", json: body });
}

/** POST /api/me/calendar/replace: a new subscription link; the old one stops working. */
export function replaceCalendarLink(): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>("/api/me/calendar/replace", { method: "POST" });
}

/** GET /api/team/schedule/{id}/calendar.ics: where "Add to calendar" downloads one event. */
export function eventCalendarPath(id: string): string {
  return `${eventPath(id)}/calendar.ics`;
}
