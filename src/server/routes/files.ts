import { createRoute, z } from "@hono/zod-openapi";
import { findTeamFile } from "../db/files.js";
import { isNamePrivate } from "#domain/family.js";
import { photoOwner } from "../db/minor-privacy.js";
import { photoLinkSecondsLeft } from "../storage/photo-links.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { getViewer } from "../http/viewer.js";

/*
 * Stored files are served only to signed-in members (coach or player) of the team that owns them, and a minor's
 * photo only to the team's coaches, the player and their guardians unless the guardian shares it (docs/product.md
 * §13), through a short-lived link (storage/photo-links.ts). Anyone else (signed out, another team, an id that does
 * not exist, an expired link to a minor's photo) gets the same 404, so a file id proves nothing. A file store that
 * is down (S3 out of reach) answers 503 until it is back.
 */

const FILE_NOT_FOUND = "That file";
/** A browser may reuse a file for an hour; private: no shared cache may keep it. Ids are never reused. */
const FILE_CACHE_CONTROL = "private, max-age=3600";

const getFile = createRoute({
  method: "get",
  path: "/api/files/{id}",
  operationId: "getFile",
  tags: ["files"],
  summary: "A stored image (profile photo, play diagram), for members of its team only",
  request: {
    params: z.object({
      id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The file's id" }),
    }),
  },
  responses: {
    200: {
      description: "The image bytes, with their content type",
      content: { "image/webp": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses(404),
  },
});

export function fileRoutes() {
  return createRouter().openapi(getFile, async (c) => {
    const { id } = c.req.valid("param");
    const viewer = await getViewer(c);
    if (!viewer?.teamId || id.length > 200) throw notFound(FILE_NOT_FOUND);
    const { database, files, log } = c.get("services");
    const file = await findTeamFile(database.db, { id, teamId: viewer.teamId });
    if (!file) throw notFound(FILE_NOT_FOUND);
    // A minor's photo: through a current short-lived link only, and the team's coaches', the player's and their
    // guardians' unless the guardian shares it.
    const owner = file.kind === "photo" ? await photoOwner(database.db, file) : null;
    let cacheControl = FILE_CACHE_CONTROL;
    if (owner?.minor) {
      const left = photoLinkSecondsLeft(file.id, c.req.query("exp"), c.req.query("sig"));
      if (left === null) throw notFound(FILE_NOT_FOUND);
      const others = viewer.role !== "coach" && owner.playerId !== viewer.userId;
      if (others && isNamePrivate(owner)) throw notFound(FILE_NOT_FOUND);
      cacheControl = `private, max-age=${Math.min(left, 3600)}`;
    }
    // A store out of reach throws StorageUnavailable: app.ts answers it 503 until the store is back.
    const stored = await files.get(file.storage_key);
    if (!stored) {
      log.warn(
        { fileId: file.id, storageKey: file.storage_key, reqId: c.get("requestId") },
        "a file row points at no stored object",
      );
      throw notFound(FILE_NOT_FOUND);
    }
    return c.body(new Uint8Array(stored.bytes), 200, {
      "content-type": file.mime,
      "content-length": String(stored.bytes.byteLength),
      "cache-control": cacheControl,
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
      // The answer depends on who asks: a shared cache must never hand it to someone else.
      vary: "cookie",
    });
  });
}
