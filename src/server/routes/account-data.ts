import { createRoute } from "@hono/zod-openapi";
import {
  accountExportSchema,
  deleteAccountSchema,
  deletionPlanSchema,
  type AccountExport,
} from "#domain/api/recovery.js";
import { passwordMatches } from "../auth/tokens.js";
import { deleteAccount, deletionPlan } from "../db/account-deletion.js";
import { exportAccount } from "../db/account-export.js";
import { callAuth, forwardCookies } from "../http/auth-bridge.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, unauthenticated } from "../http/errors.js";
import { countAccountRequest } from "../http/rate-limit.js";
import { signedInOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { MUST_HAND_OVER, WRONG_PASSWORD } from "./account-texts.js";

/* Download my data and delete my account (docs/product.md §11): for every signed-in user, coach or player. */

const exportData = createRoute({
  method: "get",
  path: "/api/me/export",
  operationId: "exportMyData",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Everything Flagline holds about the caller, as a JSON file",
  responses: {
    200: {
      description: "A JSON attachment",
      content: { "application/json": { schema: accountExportSchema.openapi("AccountExport") } },
    },
    ...errorResponses(401, 429),
  },
});

const plan = createRoute({
  method: "get",
  path: "/api/me/deletion",
  operationId: "getDeletionPlan",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "What deleting the caller's account would take with it, and whether they must hand the team over first",
  responses: {
    200: {
      description: "The plan",
      content: { "application/json": { schema: deletionPlanSchema.openapi("DeletionPlan") } },
    },
    ...errorResponses(401),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/api/me",
  operationId: "deleteAccount",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Delete the caller's account (password required); a head coach alone on a team deletes the team too",
  request: { body: { required: true, content: { "application/json": { schema: deleteAccountSchema } } } },
  responses: {
    204: { description: "Deleted and signed out" },
    ...errorResponses(400, 401, 409, 415, 429),
  },
});

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function accountDataRoutes() {
  return createRouter()
    .openapi(exportData, async (c) => {
      const viewer = c.var.viewer;
      const { database, config } = c.get("services");
      await countAccountRequest(database.db, config, c.get("clientIp"), "export");
      const data = await exportAccount(database.db, viewer.userId);
      if (!data) throw unauthenticated();
      c.header("Content-Disposition", `attachment; filename="flagline-my-data-${today()}.json"`);
      // The rows as stored, typed by the document's schema; tests/server/api-client.test.ts checks the two agree
      // on both engines.
      return c.json(data as AccountExport, 200);
    })
    .openapi(plan, async (c) => {
      const { database } = c.get("services");
      return c.json(await deletionPlan(database.db, c.var.viewer.userId), 200);
    })
    .openapi(remove, async (c) => {
      const viewer = c.var.viewer;
      const { password } = c.req.valid("json");
      const { database, auth, config, files, hub, log } = c.get("services");
      await countAccountRequest(database.db, config, c.get("clientIp"), "delete-account");
      if (!(await passwordMatches(auth, viewer.userId, password))) {
        throw new ApiError(400, "wrong_password", WRONG_PASSWORD, { password: WRONG_PASSWORD });
      }
      const what = await deletionPlan(database.db, viewer.userId);
      if (what.mustHandOver) throw new ApiError(409, "hand_over_first", MUST_HAND_OVER);
      // Signed out first, so this browser's cookie is cleared; then the account and what goes with it.
      const { response } = await callAuth(c, "/sign-out");
      forwardCookies(c, response);
      const keys = await deleteAccount(database.db, viewer.userId, {
        teamId: viewer.teamId,
        deletesTeam: what.deletesTeam,
      });
      hub.revoke({ userId: viewer.userId });
      // The rest of the team sees them leave the roster, and their plays leave the numbers, at once.
      if (viewer.teamId && !what.deletesTeam) {
        hub.publish(viewer.teamId, changeNow("roster"));
        if (what.events > 0) hub.publish(viewer.teamId, changeNow("events"));
      }
      for (const key of keys) {
        await files.delete(key).catch((err: unknown) => log.warn({ err, key }, "stored file not deleted"));
      }
      log.info({ userId: viewer.userId, deletesTeam: what.deletesTeam }, "account deleted by its owner");
      return c.body(null, 204);
    });
}
