import { createHash } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { calendarFeedResponseSchema, type CalendarFeed } from "#domain/api/schedule.js";
import {
  calendarEvent,
  calendarEvents,
  calendarFeedGeneration,
  calendarFeedToken,
  calendarFingerprint,
  findCalendarFeed,
  replaceCalendarFeed,
} from "../db/calendar-feeds.js";
import type { Config } from "../config.js";
import {
  eventFileName,
  renderCalendarEvent,
  renderCalendarFeed,
  renderEmptyCalendar,
  type CalendarContext,
} from "../http/calendar-ics.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { signedInOnly, teamMemberOnly } from "../http/viewer.js";

/*
 * Calendar feeds (docs/product.md §12, issue #29): each person's subscription address of their team's schedule
 * (https:// and webcal://), replaceable, and one event's "Add to calendar" download.
 *
 * - The address's token is computed from the user id and a generation (db/calendar-feeds.ts): shown again without
 *   being stored; replacing it makes the old address answer 404, exactly as a token that never existed.
 * - The feed holds every event of the person's team from 180 days back and everything ahead, cancelled ones
 *   included (STATUS:CANCELLED: a subscribed calendar then drops or strikes them instead of keeping a stale copy).
 * - Someone no longer on a team (or a player still waiting for the coach) gets a valid, empty calendar, not a
 *   404: their calendar app then clears the team's events at its next read, instead of keeping the last copy and
 *   reporting an error; it names no team.
 * - The feed is read by calendar servers about once an hour: a strong ETag made from what the events sum to
 *   (count, latest change, sequences) answers 304 without reading or writing the events, and the written
 *   feed is kept per process by that tag, so an unchanged feed is written once. `private, max-age=300`: no shared
 *   cache keeps a personal address's answer, and a client may reuse it for five minutes.
 */

/** Events this far back stay in the feed; everything ahead is in it. */
const FEED_PAST_DAYS = 180;
const DAY_MS = 86_400_000;
/** Bumped when the written feed changes for the same data, so no client keeps an old rendering's tag. */
const FEED_FORMAT = "1";
const FEED_CACHE_CONTROL = "private, max-age=300";
const CALENDAR_TYPE = "text/calendar; charset=utf-8";
/** Written feeds kept per process, by ETag (a season of 100 events is about 60 KB). */
const RENDERED_FEEDS = 200;

const rendered = new Map<string, string>();

function keepRendered(etag: string, body: string): void {
  rendered.set(etag, body);
  if (rendered.size > RENDERED_FEEDS) rendered.delete(rendered.keys().next().value!);
}

function feedOf(config: Pick<Config, "authSecret" | "publicUrl">, userId: string, generation: number): CalendarFeed {
  const url = `${config.publicUrl}/api/calendar/${calendarFeedToken(config.authSecret, userId, generation)}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, "webcal://") };
}

/** Whether an If-None-Match header names this tag (a list, weak tags and * included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

const etagOf = (parts: readonly string[]) =>
  `"${createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 32)}"`;

const CalendarFeedSchema = calendarFeedResponseSchema.openapi("CalendarFeed");
const calendarText = { "text/calendar": { schema: z.string().describe("iCalendar (RFC 5545)") } };

const getFeed = createRoute({
  method: "get",
  path: "/api/me/calendar",
  operationId: "getCalendarFeed",
  tags: ["schedule"],
  middleware: [signedInOnly] as const,
  summary: "The caller's personal calendar subscription address (https:// and webcal://) of their team's schedule",
  description:
    "The same address every time until it is replaced. Anyone holding it can read the team's schedule (no " +
    "player names or answers are in it), so it is meant for the caller's own calendar app.",
  responses: {
    200: { description: "The subscription address", content: { "application/json": { schema: CalendarFeedSchema } } },
    ...errorResponses(401),
  },
});

const replaceFeed = createRoute({
  method: "post",
  path: "/api/me/calendar/replace",
  operationId: "replaceCalendarFeed",
  tags: ["schedule"],
  middleware: [signedInOnly] as const,
  summary: "Replace the caller's calendar address: the old one answers 404 from now on",
  responses: {
    200: { description: "The new address", content: { "application/json": { schema: CalendarFeedSchema } } },
    ...errorResponses(401),
  },
});

const feedParams = z.object({
  file: z
    .string()
    .min(1)
    .max(400)
    .openapi({
      param: { name: "file", in: "path" },
      description: "The personal token followed by .ics, as GET /api/me/calendar gives it",
      example: "dXNlcg.Q2FsZW5kYXJGZWVkVG9rZW5FeGFtcGxlRXhhbXBsZUV4YW1w.ics",
    }),
});

const readFeed = createRoute({
  method: "get",
  path: "/api/calendar/{file}",
  operationId: "readCalendarFeed",
  tags: ["schedule"],
  summary: "A personal calendar feed (iCalendar): the team's events from 180 days back and everything ahead",
  description:
    "Authorised by the token in the address, not by a session (calendar apps send no cookie). Cancelled events " +
    "stay, with STATUS:CANCELLED. A person on no team gets an empty calendar. Send If-None-Match with the ETag " +
    "to get 304 when nothing changed.",
  request: {
    params: feedParams,
    headers: z.object({ "if-none-match": z.string().optional() }),
  },
  responses: {
    200: {
      description: "The calendar",
      headers: {
        ETag: { description: "Strong tag of this answer", schema: { type: "string" } },
        "Cache-Control": { description: FEED_CACHE_CONTROL, schema: { type: "string" } },
      },
      content: calendarText,
    },
    304: { description: "Not modified: the If-None-Match tag is the calendar's current one" },
    404: { ...errorResponses(404)[404], description: "not_found: no such feed (a replaced address included)" },
  },
});

const eventParams = z.object({
  id: z.uuid({ error: "Event id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const readEvent = createRoute({
  method: "get",
  path: "/api/team/schedule/{id}/calendar.ics",
  operationId: "getScheduleEventCalendar",
  tags: ["schedule"],
  middleware: [teamMemberOnly] as const,
  summary: "One event of the team as an iCalendar download (Add to calendar)",
  request: { params: eventParams },
  responses: {
    200: { description: "The event (text/calendar, as an attachment)", content: calendarText },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function calendarRoutes() {
  return createRouter()
    .openapi(getFeed, async (c) => {
      const { database, config } = c.get("services");
      const userId = c.var.viewer.userId;
      return c.json(feedOf(config, userId, await calendarFeedGeneration(database.db, userId)), 200);
    })
    .openapi(replaceFeed, async (c) => {
      const { database, config } = c.get("services");
      const userId = c.var.viewer.userId;
      return c.json(feedOf(config, userId, await replaceCalendarFeed(database.db, userId)), 200);
    })
    .openapi(readFeed, async (c) => {
      const { database, config } = c.get("services");
      const { file } = c.req.valid("param");
      const token = file.endsWith(".ics") ? file.slice(0, -4) : null;
      const holder = token === null ? null : await findCalendarFeed(database.db, config.authSecret, token);
      if (!holder) throw notFound("That calendar");

      const team = holder.team;
      const since = new Date(Date.now() - FEED_PAST_DAYS * DAY_MS).toISOString();
      const fingerprint = team ? await calendarFingerprint(database.db, team.id, since) : "";
      const etag = etagOf([
        FEED_FORMAT,
        config.publicUrl,
        holder.role,
        team ? `${team.id}|${team.name}|${team.timeZone}` : "no team",
        fingerprint,
      ]);
      const headers = { etag, "cache-control": FEED_CACHE_CONTROL };
      if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);

      let body = rendered.get(etag);
      if (body === undefined) {
        if (team) {
          const context: CalendarContext = { publicUrl: config.publicUrl, role: holder.role, team };
          body = renderCalendarFeed(context, await calendarEvents(database.db, team.id, since));
        } else {
          body = renderEmptyCalendar(config.publicUrl);
        }
        keepRendered(etag, body);
      }
      return c.body(body, 200, { ...headers, "content-type": CALENDAR_TYPE });
    })
    .openapi(readEvent, async (c) => {
      const { database, config } = c.get("services");
      const viewer = c.var.viewer;
      const found = await calendarEvent(database.db, viewer.teamId, c.req.valid("param").id);
      if (!found) throw notFound("That event");
      const role = viewer.role === "coach" ? "coach" : "player";
      const context: CalendarContext = { publicUrl: config.publicUrl, role, team: found.team };
      return c.body(renderCalendarEvent(context, found.event), 200, {
        "content-type": CALENDAR_TYPE,
        "content-disposition": `attachment; filename="${eventFileName(found.event)}"`,
      });
    });
}
