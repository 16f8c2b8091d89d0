/*
 * The one way an image comes in (profile photos, playbook diagrams): multipart/form-data with the image in the
 * field "file", at most 5 MB, sniffed by its bytes, re-encoded (which drops every bit of metadata) and written
 * to the FileStore. linkStoredImage then records the `files` row in the caller's transaction that links it, and
 * removes the object again (forgetObject) if that transaction fails.
 */
import { randomUUID } from "node:crypto";
import { MAX_UPLOAD_BYTES, UPLOAD_FIELD, UPLOAD_MISSING, UPLOAD_TOO_LARGE } from "#domain/api/player.js";
import type { NewFile } from "../db/files.js";
import type { FileKind } from "../db/schema.js";
import type { Viewer } from "../services.js";
import { ImageRejected, reencodeImage, STORED_IMAGE_EXTENSION, type ProcessedImage } from "../storage/images.js";
import { imageBudgetOf } from "../storage/pixel-budget.js";
import type { AppContext, AppEnv } from "./context.js";
import { ApiError, rateLimited } from "./errors.js";
import type { ViewerEnv } from "./viewer.js";

/** The request paths that take an upload: the app gives them MAX_UPLOAD_BODY instead of the JSON body limit. */
const UPLOAD_PATHS: readonly RegExp[] = [/^\/api\/profile\/photo$/, /^\/api\/team\/plays\/[^/]+\/diagram$/];

export function isUploadPath(path: string): boolean {
  return UPLOAD_PATHS.some((re) => re.test(path));
}

/** The image plus what multipart framing (boundaries, part headers) adds around it. */
export const MAX_UPLOAD_BODY = MAX_UPLOAD_BYTES + 64 * 1024;

export const uploadTooLarge = () =>
  new ApiError(413, "file_too_large", UPLOAD_TOO_LARGE, { [UPLOAD_FIELD]: UPLOAD_TOO_LARGE });

const NOT_MULTIPART = `Send the image as multipart/form-data in a field named "${UPLOAD_FIELD}".`;
export const TOO_MANY_PIXELS_THIS_MINUTE =
  "You have sent many large images in the last minute. Please wait a minute and try again.";

/** The OpenAPI request body of an upload route (the handler reads and checks the body itself). */
export const imageUploadBody = {
  required: true,
  description: `One JPEG, PNG or WebP image of at most 5 MB in the field "${UPLOAD_FIELD}"; it is stored re-encoded as WebP without metadata.`,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        properties: { [UPLOAD_FIELD]: { type: "string" as const, format: "binary" } },
        required: [UPLOAD_FIELD],
      },
    },
  },
};

/** Reads the uploaded file's bytes, refusing a missing file (400) and one over 5 MB (413). */
async function readUploadedFile<E extends AppEnv>(c: AppContext<E>): Promise<Uint8Array> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiError(415, "unsupported_media_type", NOT_MULTIPART);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, "invalid_input", NOT_MULTIPART);
  }
  const file = form.get(UPLOAD_FIELD);
  if (file === null || typeof file === "string" || file.size === 0) {
    throw new ApiError(400, "invalid_input", UPLOAD_MISSING, { [UPLOAD_FIELD]: UPLOAD_MISSING });
  }
  if (file.size > MAX_UPLOAD_BYTES) throw uploadTooLarge();
  return new Uint8Array(await file.arrayBuffer());
}

export interface StoredImage extends ProcessedImage {
  /** The new file's id (the `files` row to insert). */
  id: string;
  kind: FileKind;
  storageKey: string;
  size: number;
}

/**
 * Re-encodes an upload and writes it to the FileStore under a fresh key. 415 / 400 for what is not an image; 429
 * when decoding it would take the uploader past their pixels of this minute (storage/pixel-budget.ts); 503 when
 * the store is unavailable (app.ts).
 */
async function storeImage<E extends AppEnv & ViewerEnv<Viewer>>(
  c: AppContext<E>,
  bytes: Uint8Array,
  kind: FileKind,
): Promise<StoredImage> {
  const budget = imageBudgetOf(c.get("services"));
  const userId = c.var.viewer.userId;
  let image: ProcessedImage;
  try {
    image = await reencodeImage(bytes, kind, (pixels) => {
      const retryAfter = budget.take(userId, pixels);
      if (retryAfter !== null) throw rateLimited(TOO_MANY_PIXELS_THIS_MINUTE, retryAfter);
    });
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    if (error.reason === "type")
      throw new ApiError(415, "unsupported_file_type", error.message, { [UPLOAD_FIELD]: error.message });
    throw new ApiError(400, "unreadable_image", error.message, { [UPLOAD_FIELD]: error.message });
  }
  const id = randomUUID();
  const storageKey = `${kind}s/${id}.${STORED_IMAGE_EXTENSION}`;
  // A store out of reach throws StorageUnavailable: app.ts answers it 503, and nothing was stored or changed.
  await c.get("services").files.put(storageKey, image.bytes, image.mime);
  return { ...image, id, kind, storageKey, size: image.bytes.byteLength };
}

/** readUploadedFile then storeImage, for the signed-in caller of the route. */
export async function receiveImage<E extends AppEnv & ViewerEnv<Viewer>>(
  c: AppContext<E>,
  kind: FileKind,
): Promise<StoredImage> {
  return storeImage(c, await readUploadedFile(c), kind);
}

/**
 * Removes a stored object whose row is gone (replaced photo) or was never committed. Best effort: a failure is
 * logged, never shown to the caller, whose change is already made; at worst an unreachable object remains.
 */
export async function forgetObject<E extends AppEnv>(c: AppContext<E>, storageKey: string): Promise<void> {
  const { files, log } = c.get("services");
  try {
    await files.delete(storageKey);
  } catch (error) {
    log.warn({ err: error, storageKey, reqId: c.get("requestId") }, "could not remove a stored file");
  }
}

/**
 * Records a stored image as the `files` row that `link` inserts in the transaction linking it to its owner (a
 * profile, a play), then tidies the FileStore: the new object goes when the link fails or finds no owner (false),
 * the object it replaced goes once the link is committed (true).
 */
export async function linkStoredImage<E extends AppEnv>(
  c: AppContext<E>,
  image: StoredImage,
  owner: { teamId: string; ownerUserId: string },
  link: (file: NewFile) => Promise<{ previousKey: string | null } | undefined>,
): Promise<boolean> {
  const { id, kind, storageKey, mime, size, width, height } = image;
  let linked: Awaited<ReturnType<typeof link>>;
  try {
    linked = await link({ id, kind, storageKey, mime, size, width, height, ...owner });
  } catch (error) {
    await forgetObject(c, storageKey);
    throw error;
  }
  if (!linked) {
    await forgetObject(c, storageKey);
    return false;
  }
  if (linked.previousKey) await forgetObject(c, linked.previousKey);
  return true;
}
