import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { STORAGE_UNAVAILABLE } from "../http/errors.js";
import type { S3FileStore } from "./s3.js";

/*
 * Issue #32, fault 5: the S3 store down. Uploads answer 503 with a message that says so (nothing is half-stored:
 * the old photo stays), stored photos answer 503 while it is down, everything else keeps working, and both recover
 * when the store is back on the same address. The store is a real S3 server (s3rver), stopped and started again.
 */

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const BUCKET = "flagline-outage";
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

async function photo(background: string): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

function upload(client: TestClient, bytes: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
  return client.request("POST", "/api/profile/photo", { body: form });
}

describe("the S3 store down", () => {
  const { create } = testEngines()[0]!;
  let database: TestDatabase;
  let dir: string;
  let s3: S3rver | null = null;
  let port = 0;
  let app: ReturnType<typeof createTestApp>["app"];
  let files: S3FileStore;

  /** The S3 server on the same port and folder as before (its objects kept). */
  async function startS3() {
    s3 = new S3rver({ address: "127.0.0.1", port, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
    port = (await s3.run()).port;
  }
  async function stopS3() {
    await s3?.close();
    s3 = null;
  }

  /** A stored image as a browser gets it: its status and bytes. */
  async function image(client: TestClient, url: string) {
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await app.request(`http://localhost:3000${url}`, { headers: { cookie } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "flagline-s3-outage-"));
    await startS3();
    database = await create();
    const built = createTestApp(database, {
      storage: {
        kind: "s3",
        bucket: BUCKET,
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${port}`,
        ...credentials,
      },
    });
    app = built.app;
    files = built.services.files as S3FileStore;
  });
  afterAll(async () => {
    files?.close();
    await stopS3();
    await database?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("uploads answer 503 saying so, photos 503 until it is back, and the rest of the app keeps working", async () => {
    const coach = await signUpCoach(app, "Herons");
    const { client } = await signUpPlayer(app, coach.me.team!.code, { fullName: "Pia Pixel" });
    const first = await upload(client, await photo("navy"));
    expect(first.status).toBe(201);
    const photoUrl = first.body.photoUrl as string;
    const stored = await image(client, photoUrl);
    expect(stored.status).toBe(200);
    const rowsBefore = await database.db.selectFrom("files").selectAll().execute();

    await stopS3();

    // An upload: a clear 503, and nothing changed (the photo and its row stay as they were).
    const refused = await upload(client, await photo("green"));
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({ code: "storage_unavailable", message: STORAGE_UNAVAILABLE });
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await database.db.selectFrom("files").selectAll().execute()).toEqual(rowsBefore);
    expect((await client.get("/api/profile")).body.profile.photoUrl).toBe(photoUrl);
    // Reading the stored photo: a 503 too, not a 500 and not a 404 (it is not gone).
    const unreadable = await coach.client.request("GET", photoUrl);
    expect(unreadable.status).toBe(503);
    expect(unreadable.body.error).toMatchObject({ code: "storage_unavailable", message: STORAGE_UNAVAILABLE });
    // Everything else: reads and writes that need no stored file.
    expect((await client.get("/api/health")).status).toBe(200);
    const patched = await client.request("PATCH", "/api/profile", { json: { fullName: "Pia Offline" } });
    expect(patched.status).toBe(200);
    expect((await client.get("/api/profile")).body.profile.fullName).toBe("Pia Offline");
    expect((await coach.client.get("/api/team/roster")).status).toBe(200);

    await startS3();

    // Back: the same photo reads again, byte for byte, and uploads work.
    expect(await image(coach.client, photoUrl)).toEqual(stored);
    const second = await upload(client, await photo("green"));
    expect(second.status).toBe(201);
    expect((await client.request("GET", second.body.photoUrl as string)).status).toBe(200);
  });
});
