import { createRoute } from "@hono/zod-openapi";
import {
  answerLinkBodySchema,
  answerLinkSchema,
  linkTokenParamSchema,
  type AnswerLink,
} from "#domain/api/reminders.js";
import { answerLinkView, type AnswerLinkView } from "../db/reminders.js";
import { answerScheduleEvent } from "../db/schedule.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { readAnswerToken } from "../mail/links.js";
import { changeNow } from "../realtime/hub.js";

/*
 * The answer link of a reminder mail (docs/product.md §12, issue #29): a player says whether they are coming
 * without signing in. The token (mail/links.ts) is signed, names one person and one event, and works until the
 * event ends (its current end: a moved event's link moves with it); after that 410. A token not made by this
 * server, of an event that is gone, or of someone no longer a player on the event's roster answers 404, exactly
 * alike. The GET shows that one event and the person's own answer, nothing about anyone else (no counts, no
 * names); the POST answers (the web's /answer/{token} page calls it, from our origin, so the Origin check holds).
 */

const AnswerLinkSchema = answerLinkSchema.openapi("AnswerLink");
const tokenParam = linkTokenParamSchema.extend({
  token: linkTokenParamSchema.shape.token.openapi({ param: { name: "token", in: "path" } }),
});

const getLink = createRoute({
  method: "get",
  path: "/api/answer/{token}",
  operationId: "getAnswerLink",
  tags: ["schedule"],
  summary: "A reminder's answer link: the event and the person's own answer (no sign-in)",
  request: { params: tokenParam },
  responses: {
    200: { description: "The event", content: { "application/json": { schema: AnswerLinkSchema } } },
    ...errorResponses(400, 404, 410),
  },
});

const postLink = createRoute({
  method: "post",
  path: "/api/answer/{token}",
  operationId: "answerByLink",
  tags: ["schedule"],
  summary: "Answer from a reminder's link: going, maybe or no, with a note (no sign-in)",
  request: {
    params: tokenParam,
    body: {
      required: true,
      content: { "application/json": { schema: answerLinkBodySchema.openapi("AnswerLinkBody") } },
    },
  },
  responses: {
    200: { description: "The event and the answer now", content: { "application/json": { schema: AnswerLinkSchema } } },
    ...errorResponses(400, 404, 409, 410, 415),
  },
});

function shown(view: AnswerLinkView): AnswerLink {
  const e = view.event;
  return {
    teamName: view.teamName,
    timeZone: view.timeZone,
    fullName: view.fullName,
    event: {
      kind: e.kind,
      status: e.status,
      date: e.local_date,
      startTime: e.start_time,
      arriveBy: e.arrive_by,
      startsAt: e.starts_at,
      endsAt: e.ends_at,
      placeName: e.place_name,
      address: e.address,
      field: e.field,
      mapUrl: e.map_url,
      opponent: e.opponent,
      homeAway: e.home_away,
    },
    answer: view.answer,
  };
}

const expired = () => new ApiError(410, "link_expired", "This event is over: its answer link no longer works.");

export function answerLinkRoutes() {
  return createRouter()
    .openapi(getLink, async (c) => {
      const { database, config } = c.get("services");
      const link = readAnswerToken(config.authSecret, c.req.valid("param").token);
      const view = link && (await answerLinkView(database.db, link.eventId, link.userId));
      if (!view) throw notFound("That link");
      if (Date.parse(view.event.ends_at) <= Date.now()) throw expired();
      return c.json(shown(view), 200);
    })
    .openapi(postLink, async (c) => {
      const { database, config, hub } = c.get("services");
      const link = readAnswerToken(config.authSecret, c.req.valid("param").token);
      const view = link && (await answerLinkView(database.db, link.eventId, link.userId));
      if (!link || !view) throw notFound("That link");
      if (Date.parse(view.event.ends_at) <= Date.now()) throw expired();
      if (view.event.status === "cancelled") {
        throw new ApiError(409, "event_cancelled", "This event is cancelled: there is nothing to answer.");
      }
      const body = c.req.valid("json");
      await answerScheduleEvent(database.db, {
        eventId: link.eventId,
        playerId: link.userId,
        answer: body.answer,
        note: body.note ?? null,
        answeredBy: link.userId,
      });
      hub.publish(view.teamId, changeNow("schedule"));
      return c.json(shown({ ...view, answer: { answer: body.answer, note: body.note ?? null } }), 200);
    });
}
