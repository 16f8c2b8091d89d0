import { createRoute, z } from "@hono/zod-openapi";
import {
  familyChildSchema,
  familySchema,
  renameGuardianSchema,
  updateChildSchema,
  withdrawalPlanSchema,
  withdrawConsentSchema,
} from "#domain/api/family.js";
import { accountExportSchema, type AccountExport } from "#domain/api/recovery.js";
import { CONSENT_VERSION, OWN_SIGN_IN_AGE, utcToday } from "#domain/family.js";
import { exportAccount } from "../db/account-export.js";
import { withdrawalPlan, withdrawConsent } from "../db/consent-withdrawal.js";
import { childSignInInvite, familyOf, isGuardianOf, renameGuardian, updateChild } from "../db/guardians.js";
import { countAccountRequest } from "../http/rate-limit.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { guardianAccountOnly, signedInOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { idParams } from "../http/path-params.js";

/*
 * A guardian's family (docs/product.md §13): the children the signed-in account acts for, on whichever teams, and
 * what a guardian sets for each (birth date, whether other families see the full name and photo). Any account may
 * have children (a coach whose child plays); only its own links are ever read. Acting for one child (their
 * dashboard, schedule, profile) goes through the player routes with X-Flagline-Child (http/acting-for-child.ts).
 */

const childParams = idParams("The child's player id");

const listRoute = createRoute({
  method: "get",
  path: "/api/family",
  operationId: "getFamily",
  tags: ["family"],
  middleware: [signedInOnly] as const,
  summary: "The children the signed-in account is a guardian of",
  responses: {
    200: { description: "The family", content: { "application/json": { schema: familySchema.openapi("Family") } } },
    ...errorResponses(401),
  },
});

const renameRoute = createRoute({
  method: "patch",
  path: "/api/family",
  operationId: "renameGuardian",
  tags: ["family"],
  middleware: [guardianAccountOnly] as const,
  summary: "A guardian-only account's own name (coaches and players change theirs on their profile)",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: renameGuardianSchema.openapi("RenameGuardian") } },
    },
  },
  responses: {
    200: { description: "The family, with the new name", content: { "application/json": { schema: familySchema } } },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/api/family/children/{id}",
  operationId: "updateFamilyChild",
  tags: ["family"],
  middleware: [signedInOnly] as const,
  summary: "Set a child's birth date, or whether other families on the team see their full name and photo",
  request: {
    params: childParams,
    body: { required: true, content: { "application/json": { schema: updateChildSchema } } },
  },
  responses: {
    200: {
      description: "The child as now",
      content: { "application/json": { schema: familyChildSchema.openapi("FamilyChild") } },
    },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/api/family/children/{id}/export",
  operationId: "exportChildData",
  tags: ["family"],
  middleware: [signedInOnly] as const,
  summary: "Everything Flagline holds about a child of the caller, as a JSON file",
  description:
    "The child's account export (as GET /api/me/export answers it for the child): what a guardian downloads " +
    "before consent is withdrawn or the retention job deletes the child's data. Counted in the export limit.",
  request: { params: childParams },
  responses: {
    200: {
      description: "A JSON attachment",
      content: { "application/json": { schema: accountExportSchema.openapi("AccountExport") } },
    },
    ...errorResponses(401, 404, 429),
  },
});

const WithdrawalPlan = withdrawalPlanSchema.openapi("WithdrawalPlan");

const planRoute = createRoute({
  method: "get",
  path: "/api/family/children/{id}/withdrawal",
  operationId: "getConsentWithdrawal",
  tags: ["family"],
  middleware: [signedInOnly] as const,
  summary: "Exactly what withdrawing consent for a child would delete",
  request: { params: childParams },
  responses: {
    200: { description: "What would go", content: { "application/json": { schema: WithdrawalPlan } } },
    ...errorResponses(401, 404),
  },
});

const withdrawRoute = createRoute({
  method: "post",
  path: "/api/family/children/{id}/withdrawal",
  operationId: "withdrawConsent",
  tags: ["family"],
  middleware: [signedInOnly] as const,
  summary: "Withdraw consent: the child's personal data is deleted, anonymous numbers stay in the team's totals",
  request: {
    params: childParams,
    body: { required: true, content: { "application/json": { schema: withdrawConsentSchema } } },
  },
  responses: {
    200: {
      description: "What was deleted",
      content: {
        "application/json": { schema: z.object({ removed: withdrawalPlanSchema }).openapi("ConsentWithdrawn") },
      },
    },
    ...errorResponses(400, 401, 404, 415),
  },
});

const signInInviteRoute = createRoute({
  method: "post",
  path: "/api/family/children/{id}/sign-in-invite",
  operationId: "inviteChildToSignIn",
  tags: ["family"],
  middleware: [signedInOnly] as const,
  summary: "A link for a child of 13 or more to a sign-in of their own; the guardian keeps seeing them",
  request: { params: childParams },
  responses: {
    201: {
      description: "The child's claim link token",
      content: { "application/json": { schema: z.object({ token: z.string() }).openapi("ChildSignInInvite") } },
    },
    ...errorResponses(401, 404, 409),
  },
});

const HAS_SIGN_IN = "This player already has a sign-in of their own.";
const TOO_YOUNG = `A sign-in of their own starts at ${OWN_SIGN_IN_AGE}: enter the birth date first, if it is missing.`;

export function familyRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const viewer = c.var.viewer;
      const children = await familyOf(c.get("services").database.db, viewer.userId);
      return c.json({ fullName: viewer.fullName, children }, 200);
    })
    .openapi(renameRoute, async (c) => {
      const viewer = c.var.viewer;
      const { database, hub } = c.get("services");
      const { fullName } = c.req.valid("json");
      // The middleware let only a guardian-only account in; its row can only be gone if it was deleted meanwhile.
      if (!(await renameGuardian(database.db, viewer.userId, fullName))) throw notFound("That account");
      // Who the account is changed, not its access: every server's viewer cache forgets it.
      hub.revoke({ userId: viewer.userId, viewerOnly: true });
      return c.json({ fullName, children: await familyOf(database.db, viewer.userId) }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { db } = c.get("services").database;
      if (!(await updateChild(db, viewer.userId, id, c.req.valid("json")))) throw notFound("That child");
      const child = (await familyOf(db, viewer.userId)).find((one) => one.id === id);
      if (!child) throw notFound("That child");
      if (child.team) c.get("services").hub.publish(child.team.id, changeNow("roster"));
      return c.json(child, 200);
    })
    .openapi(planRoute, async (c) => {
      const plan = await withdrawalPlan(c.get("services").database.db, c.var.viewer.userId, c.req.valid("param").id);
      if (!plan) throw notFound("That child");
      return c.json(plan, 200);
    })
    .openapi(withdrawRoute, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub, files, log } = c.get("services");
      const meta = { version: CONSENT_VERSION, ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? null };
      const done = await withdrawConsent(database.db, { id: viewer.userId, name: viewer.fullName }, id, meta);
      if (!done) throw notFound("That child");
      // The photo's stored object goes once the rows are gone; a failure leaves an orphan object, never a link to it.
      for (const key of done.fileKeys) {
        await files.delete(key).catch((err: unknown) => log.warn({ err, key }, "stored file not deleted"));
      }
      // The child's streams and cached sign-in end on every server; the team's screens drop the name.
      hub.revoke({ userId: id });
      if (done.teamId) hub.publish(done.teamId, changeNow("roster"));
      return c.json({ removed: done.plan }, 200);
    })
    .openapi(exportRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { database, config } = c.get("services");
      if (!(await isGuardianOf(database.db, c.var.viewer.userId, id))) throw notFound("That child");
      await countAccountRequest(database.db, config, c.get("clientIp"), "export");
      const data = await exportAccount(database.db, id);
      if (!data) throw notFound("That child");
      c.header("Content-Disposition", `attachment; filename="flagline-child-data-${utcToday()}.json"`);
      return c.json(data as AccountExport, 200);
    })
    .openapi(signInInviteRoute, async (c) => {
      const made = await childSignInInvite(c.get("services").database.db, c.var.viewer.userId, c.req.valid("param").id);
      if (made === "not_found") throw notFound("That child");
      if (made === "has_sign_in") throw new ApiError(409, "has_sign_in", HAS_SIGN_IN);
      if (made === "too_young") throw new ApiError(409, "too_young", TOO_YOUNG);
      return c.json(made, 201);
    });
}
