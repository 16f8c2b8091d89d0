import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ONLY_PLAYERS_JERSEY,
  ONLY_PLAYERS_POSITIONS,
  UPLOAD_TOO_LARGE,
  UPLOAD_UNREADABLE,
  UPLOAD_WRONG_TYPE,
  WRONG_CURRENT_PASSWORD,
} from "#domain/api/player.js";
import { MAX_JSON_BODY } from "../app.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, PASSWORD, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";
import type { TeamChange } from "../realtime/hub.js";
import type { FileStore } from "../storage/file-store.js";
import type { MemoryFileStore } from "../storage/memory.js";
import { INVALID_CREDENTIALS } from "./auth-session.js";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

type TestApp = ReturnType<typeof createTestApp>["app"];

/** A real photo: 1200 x 800 JPEG, EXIF orientation 6 (shot with the phone on its side), camera make and GPS position. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Acme Phones", Model: "Pocket 9", Copyright: "Pat Player" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2600/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3900/100",
      },
    })
    .toBuffer();
}

/** The GPS IFD pointer tag (0x8825) in a little- or big-endian EXIF block. */
function hasGpsTag(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
}

function upload(
  client: TestClient,
  bytes: Uint8Array | Buffer,
  name = "photo.jpg",
  type = "image/jpeg",
  field = "file",
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return client.request("POST", "/api/profile/photo", { body: form });
}

/** A photo's address without its expiry and MAC (two reads an hour apart sign it differently). */
const bare = (url: string | null | undefined) => url?.split("?")[0];

/** A client signed in as the same user, in another browser. */
async function secondBrowser(app: TestApp, email: string, password = PASSWORD) {
  const client = new TestClient(app);
  const res = await client.post("/api/session", { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return client;
}

async function twoTeams(app: TestApp) {
  const a = await signUpCoach(app, "Falcons");
  const b = await signUpCoach(app, "Eagles");
  const a1 = await signUpPlayer(app, a.me.team!.code, { fullName: "Ava One", primaryPosition: "qb" });
  const a2 = await signUpPlayer(app, a.me.team!.code, { fullName: "Abe Two", primaryPosition: "cb", jerseyNumber: 8 });
  const b1 = await signUpPlayer(app, b.me.team!.code, { fullName: "Bea Rival", primaryPosition: "wr" });
  return { a, b, a1, a2, b1 };
}

describe.each(testEngines())("profile, photos and files on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: TestApp;
  let store: MemoryFileStore;
  let changes: (teamId: string) => TeamChange["kind"][];
  let teams: Awaited<ReturnType<typeof twoTeams>>;

  beforeAll(async () => {
    database = await create();
    const built = createTestApp(database);
    app = built.app;
    store = built.services.files as MemoryFileStore;
    const heard = new Map<string, TeamChange["kind"][]>();
    const hub = built.services.hub;
    changes = (teamId) => {
      if (!heard.has(teamId)) {
        heard.set(teamId, []);
        hub.subscribe(teamId, (change) => heard.get(teamId)!.push(change.kind));
      }
      return heard.get(teamId)!;
    };
    teams = await twoTeams(app);
  });
  afterAll(async () => database?.cleanup());

  async function fileRows() {
    return database.db.selectFrom("files").selectAll().execute();
  }

  describe("profile", () => {
    it("a player reads their own profile", async () => {
      const res = await teams.a1.client.get("/api/profile");
      expect(res.status).toBe(200);
      expect(res.body.profile).toEqual({
        role: "player",
        fullName: "Ava One",
        email: teams.a1.me.email,
        jerseyNumber: 7,
        primaryPosition: "qb",
        positions: ["qb"],
        photoUrl: null,
        request: null,
      });
    });

    it("a coach reads theirs, without jersey or positions", async () => {
      const res = await teams.a.client.get("/api/profile");
      expect(res.status).toBe(200);
      expect(res.body.profile).toMatchObject({
        role: "coach",
        fullName: "Casey Coach",
        jerseyNumber: null,
        positions: [],
      });
    });

    it("signed out gets 401, for reading and for writing", async () => {
      const anon = new TestClient(app);
      expect((await anon.get("/api/profile")).status).toBe(401);
      const patch = await anon.request("PATCH", "/api/profile", { json: { fullName: "" } });
      expect(patch.status).toBe(401);
      expect(patch.body.error.code).toBe("unauthenticated");
    });

    it("a player edits their name and positions; number and primary position are requests the coach approves", async () => {
      const { client, me } = await signUpPlayer(app, teams.a.me.team!.code, {
        fullName: "Edit Me",
        jerseyNumber: 31,
        primaryPosition: "wr",
        positions: ["rb"],
      });
      const approve = async () =>
        expect((await teams.a.client.post(`/api/team/roster/${me.id}/request`, { decision: "approve" })).status).toBe(
          200,
        );
      const seen = changes(teams.a.me.team!.id).length;
      const res = await client.request("PATCH", "/api/profile", {
        json: {
          fullName: "  Edited Name ",
          jerseyNumber: "23",
          primaryPosition: "cb",
          positions: ["qb", "cb", "qb", "safety"],
        },
      });
      expect(res.status).toBe(200);
      // docs/product.md §11: the number and the primary position wait for the coach; the rest is saved.
      expect(res.body.profile).toMatchObject({
        fullName: "Edited Name",
        jerseyNumber: 31,
        primaryPosition: "wr",
        positions: ["wr", "qb", "cb", "safety"],
        request: { jerseyNumber: 23, primaryPosition: "cb" },
      });
      expect(changes(teams.a.me.team!.id).slice(seen)).toContain("roster");
      await approve();
      // The app's view of the user follows: the approved primary goes in front, no repeats.
      expect((await client.get("/api/me")).body.user).toMatchObject({
        fullName: "Edited Name",
        jerseyNumber: 23,
        positions: ["cb", "wr", "qb", "safety"],
      });

      // A new primary alone, once approved, goes in front of the positions already held.
      const primaryOnly = await client.request("PATCH", "/api/profile", { json: { primaryPosition: "lb" } });
      expect(primaryOnly.body.profile.request).toMatchObject({ jerseyNumber: null, primaryPosition: "lb" });
      await approve();
      // Positions alone keep the primary first.
      const positionsOnly = await client.request("PATCH", "/api/profile", { json: { positions: ["te"] } });
      expect(positionsOnly.body.profile).toMatchObject({
        primaryPosition: "lb",
        positions: ["lb", "te"],
        request: null,
      });
      // Nothing sent: a 400, and nothing changes.
      const nothing = await client.request("PATCH", "/api/profile", { json: {} });
      expect(nothing.status).toBe(400);
      expect((await client.get("/api/profile")).body.profile).toMatchObject({
        fullName: "Edited Name",
        jerseyNumber: 23,
        primaryPosition: "lb",
      });
      // The coach's roster reads the same profile.
      const coachView = await teams.a.client.get("/api/team/players");
      expect(coachView.body.players.find((p: { id: string }) => p.id === me.id)).toMatchObject({
        name: "Edited Name",
        jerseyNumber: 23,
        position: "lb",
      });
    });

    it("edits are checked by field, and nothing is saved when one is wrong", async () => {
      const res = await teams.a2.client.request("PATCH", "/api/profile", {
        json: { fullName: "", jerseyNumber: 140, primaryPosition: "goalie", positions: ["qb", "zz"] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
      expect(res.body.error.fields).toEqual({
        fullName: "Full name is required.",
        jerseyNumber: "Jersey number must be between 0 and 99.",
        primaryPosition: "Choose one of the ten positions.",
        "positions.1": "Choose one of the ten positions.",
      });
      const partly = await teams.a2.client.request("PATCH", "/api/profile", {
        json: { fullName: "Fine Name", jerseyNumber: 3.5 },
      });
      expect(partly.status).toBe(400);
      expect(partly.body.error.fields).toEqual({ jerseyNumber: "Jersey number must be a whole number." });
      expect((await teams.a2.client.get("/api/profile")).body.profile).toMatchObject({
        fullName: "Abe Two",
        jerseyNumber: 8,
      });
    });

    it("a coach may change their name but has no jersey number or positions", async () => {
      const { client } = await signUpCoach(app, "Renamers");
      const res = await client.request("PATCH", "/api/profile", { json: { jerseyNumber: 9, positions: ["qb"] } });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ jerseyNumber: ONLY_PLAYERS_JERSEY, positions: ONLY_PLAYERS_POSITIONS });
      const renamed = await client.request("PATCH", "/api/profile", { json: { fullName: "Coach Renamed" } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.profile).toMatchObject({ fullName: "Coach Renamed", jerseyNumber: null, positions: [] });
    });
  });

  describe("photo upload", () => {
    it("a camera JPEG is stored as a WebP of at most 512 px, turned upright, with no EXIF or GPS left", async () => {
      const jpeg = await cameraJpeg();
      const input = await sharp(jpeg).metadata();
      // The test image really carries what must go.
      expect(input).toMatchObject({ format: "jpeg", width: 1200, height: 800, orientation: 6 });
      expect(input.exif?.includes("Acme Phones")).toBe(true);
      expect(hasGpsTag(input.exif)).toBe(true);

      const res = await upload(teams.a1.client, jpeg);
      expect(res.status).toBe(201);
      expect(res.body.photoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]+$/);
      const id = res.body.photoUrl.split("?")[0].split("/").pop();

      const row = (await fileRows()).find((f) => f.id === id)!;
      expect(row).toMatchObject({
        team_id: teams.a.me.team!.id,
        owner_user_id: teams.a1.me.id,
        kind: "photo",
        mime: "image/webp",
      });
      const stored = await store.get(row.storage_key);
      expect(stored?.contentType).toBe("image/webp");
      const out = await sharp(stored!.bytes).metadata();
      expect(out.format).toBe("webp");
      expect(Math.max(out.width!, out.height!)).toBeLessThanOrEqual(512);
      // Orientation 6 turns the landscape frame upright: 800 x 1200 shrunk to fit 512.
      expect([out.width, out.height]).toEqual([341, 512]);
      expect(out.exif).toBeUndefined();
      expect(out.xmp).toBeUndefined();
      expect(out.icc).toBeUndefined();
      expect(out.orientation).toBeUndefined();
      expect(Buffer.from(stored!.bytes).includes("Acme Phones")).toBe(false);
      expect(Number(row.size)).toBe(stored!.bytes.byteLength);
      expect([Number(row.width), Number(row.height)]).toEqual([341, 512]);

      // The profile, /api/me and the coach's roster all point at it.
      expect(bare((await teams.a1.client.get("/api/profile")).body.profile.photoUrl)).toBe(bare(res.body.photoUrl));
      expect(bare((await teams.a1.client.get("/api/me")).body.user.photoUrl)).toBe(bare(res.body.photoUrl));
      const roster = await teams.a.client.get("/api/team/players");
      expect(bare(roster.body.players.find((p: { id: string }) => p.id === teams.a1.me.id).photoUrl)).toBe(
        bare(res.body.photoUrl),
      );
    });

    it.each<[string, Buffer]>([
      [
        "a Windows executable",
        Buffer.concat([
          Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "latin1"),
          Buffer.alloc(4096, 0x90),
        ]),
      ],
      [
        "an ELF binary",
        Buffer.concat([
          Buffer.from("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00", "latin1"),
          Buffer.alloc(4096, 1),
        ]),
      ],
      ["an HTML page", Buffer.from("<!doctype html><script>alert(document.cookie)</script>")],
    ])("%s named photo.jpg and sent as image/jpeg is refused with 415", async (_name, bytes) => {
      const rowsBefore = (await fileRows()).length;
      const keysBefore = store.keys();
      const res = await upload(teams.a2.client, bytes, "photo.jpg", "image/jpeg");
      expect(res.status).toBe(415);
      expect(res.body.error).toMatchObject({ code: "unsupported_file_type", message: UPLOAD_WRONG_TYPE });
      expect((await fileRows()).length).toBe(rowsBefore);
      expect(store.keys()).toEqual(keysBefore);
    });

    it("a PNG named photo.exe with a made-up type is still a PNG", async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "navy" } })
        .png()
        .toBuffer();
      const res = await upload(teams.a2.client, png, "photo.exe", "application/x-msdownload");
      expect(res.status).toBe(201);
    });

    it("a 6 MB upload is refused with 413 and nothing is stored", async () => {
      const rowsBefore = (await fileRows()).length;
      const keysBefore = store.keys();
      const profileBefore = (await teams.a2.client.get("/api/profile")).body.profile;
      const big = Buffer.concat([await cameraJpeg(), Buffer.alloc(6 * 1024 * 1024, 0x55)]);
      const res = await upload(teams.a2.client, big);
      expect(res.status).toBe(413);
      expect(res.body.error).toMatchObject({ code: "file_too_large", message: UPLOAD_TOO_LARGE });
      expect((await fileRows()).length).toBe(rowsBefore);
      expect(store.keys()).toEqual(keysBefore);
      expect((await teams.a2.client.get("/api/profile")).body.profile).toEqual(profileBefore);
    });

    it("a declared Content-Length over the limit is refused before the body is read", async () => {
      const res = await teams.a2.client.request("POST", "/api/profile/photo", {
        body: "x",
        headers: { "content-type": "multipart/form-data; boundary=abc", "content-length": String(6 * 1024 * 1024) },
      });
      expect(res.status).toBe(413);
      expect(res.body.error.message).toBe(UPLOAD_TOO_LARGE);
    });

    it("a file just under 5 MB gets past the size check (and is judged on its bytes)", async () => {
      const res = await upload(teams.a2.client, Buffer.alloc(5 * 1024 * 1024 - 10, 0x41), "big.jpg");
      expect(res.status).toBe(415);
    });

    it("the JSON body limit still holds everywhere else", async () => {
      const res = await teams.a2.client.request("PATCH", "/api/profile", {
        json: { fullName: "x".repeat(MAX_JSON_BODY + 1024) },
      });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe("payload_too_large");
    });

    it("bytes that start like a JPEG but cannot be decoded are a 400", async () => {
      const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 7)]);
      const res = await upload(teams.a2.client, fake);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "unreadable_image", message: UPLOAD_UNREADABLE });
    });

    it("no file, the wrong field, or a JSON body is refused", async () => {
      const jpeg = await cameraJpeg();
      const wrongField = await upload(teams.a2.client, jpeg, "photo.jpg", "image/jpeg", "image");
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.error.fields).toEqual({ file: "Choose an image to upload." });
      const empty = await upload(teams.a2.client, Buffer.alloc(0));
      expect(empty.status).toBe(400);
      const json = await teams.a2.client.post("/api/profile/photo", { file: "data:image/png;base64,AAAA" });
      expect(json.status).toBe(415);
    });

    it("signed out cannot upload; another site's page cannot either", async () => {
      const jpeg = await cameraJpeg();
      expect((await upload(new TestClient(app), jpeg)).status).toBe(401);
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "p.jpg");
      const csrf = await teams.a2.client.request("POST", "/api/profile/photo", {
        body: form,
        headers: { origin: "https://evil.example" },
      });
      expect(csrf.status).toBe(403);
    });

    it("a new photo replaces the old one: its row and stored object are removed", async () => {
      const { client, me } = await signUpPlayer(app, teams.a.me.team!.code, { fullName: "Photo Swapper" });
      const first = await upload(client, await cameraJpeg());
      expect(first.status).toBe(201);
      const firstId = bare(first.body.photoUrl)!.split("/").pop()!;
      const firstKey = (await fileRows()).find((f) => f.id === firstId)!.storage_key;
      expect(await store.get(firstKey)).not.toBeNull();

      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "green" } })
        .png()
        .toBuffer();
      const second = await upload(client, png, "new.png", "image/png");
      expect(second.status).toBe(201);
      expect(second.body.photoUrl).not.toBe(first.body.photoUrl);
      const mine = (await fileRows()).filter((f) => f.owner_user_id === me.id);
      expect(mine.map((f) => f.id)).toEqual([bare(second.body.photoUrl)!.split("/").pop()]);
      expect(await store.get(firstKey)).toBeNull();
      expect((await client.get(first.body.photoUrl)).status).toBe(404);
      expect((await client.get(second.body.photoUrl)).status).toBe(200);

      const removed = await client.delete("/api/profile/photo");
      expect(removed.status).toBe(204);
      expect((await client.get("/api/profile")).body.profile.photoUrl).toBeNull();
      expect((await fileRows()).filter((f) => f.owner_user_id === me.id)).toEqual([]);
      expect(store.keys().filter((k) => k === mine[0]!.storage_key)).toEqual([]);
      expect((await client.get(second.body.photoUrl)).status).toBe(404);
      // Removing a photo that is not there is fine.
      expect((await client.delete("/api/profile/photo")).status).toBe(204);
    });

    it("a coach can have a photo too", async () => {
      const res = await upload(teams.b.client, await cameraJpeg());
      expect(res.status).toBe(201);
      expect((await teams.b1.client.get(res.body.photoUrl)).status).toBe(200);
    });
  });

  describe("file access", () => {
    let photoUrl: string;
    beforeAll(async () => {
      const { client } = await signUpPlayer(app, teams.a.me.team!.code, { fullName: "Seen By Team" });
      const res = await upload(client, await cameraJpeg());
      photoUrl = res.body.photoUrl;
    });

    it("the coach and the players of the owner's team get the image, privately cached and never sniffed", async () => {
      for (const client of [teams.a.client, teams.a1.client, teams.a2.client]) {
        const res = await client.request("GET", photoUrl);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/webp");
        expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("content-disposition")).toBe("inline");
      }
      const raw = await app.request(`http://localhost:3000${photoUrl}`, {
        headers: { cookie: [...teams.a.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      expect((await sharp(Buffer.from(await raw.arrayBuffer())).metadata()).format).toBe("webp");
    });

    it("another team's coach and player, a signed-out visitor and an unknown id all get the same 404", async () => {
      const unknown = await teams.a.client.get("/api/files/00000000-0000-4000-8000-000000000000");
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual({
        code: "not_found",
        message: "That file was not found.",
        requestId: unknown.headers.get("x-request-id"),
      });
      for (const client of [teams.b.client, teams.b1.client, new TestClient(app)]) {
        const res = await client.get(photoUrl);
        expect(res.status).toBe(404);
        // The same answer but for the request's own id.
        expect(res.body).toEqual({ error: { ...unknown.body.error, requestId: res.headers.get("x-request-id") } });
        // Never stored, like every API answer that does not choose its own caching (http/host-guard.ts).
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
      for (const odd of [
        "/api/files/not-a-uuid",
        `/api/files/${"x".repeat(500)}`,
        "/api/files/..%2F..%2Fetc%2Fpasswd",
      ]) {
        const res = await teams.a.client.get(odd);
        expect(res.status, odd).toBe(404);
      }
    });

    it("a player removed from the team loses access", async () => {
      const { client, me } = await signUpPlayer(app, teams.a.me.team!.code, { fullName: "Leaving Soon" });
      expect((await client.get(photoUrl)).status).toBe(200);
      expect((await teams.a.client.delete(`/api/team/players/${me.id}`)).status).toBe(204);
      expect((await client.get(photoUrl)).status).toBe(404);
    });
  });

  describe("password change", () => {
    it("signs out every other session, keeps this one, and the old password stops working", async () => {
      const { client, me } = await signUpPlayer(app, teams.a.me.team!.code, { fullName: "Pass Changer" });
      const other = await secondBrowser(app, me.email);
      const oldCookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      expect((await other.get("/api/me")).status).toBe(200);

      const res = await client.post("/api/profile/password", {
        currentPassword: PASSWORD,
        newPassword: "a-brand-new-secret",
      });
      expect(res.status).toBe(204);
      expect(res.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(true);

      // This browser carries on with the new cookie.
      expect((await client.get("/api/me")).status).toBe(200);
      // The other browser, and this browser's old cookie, are signed out.
      expect((await other.get("/api/me")).status).toBe(401);
      const replay = await new TestClient(app).request("GET", "/api/me", { headers: { cookie: oldCookie } });
      expect(replay.status).toBe(401);

      const oldSignIn = await new TestClient(app).post("/api/session", { email: me.email, password: PASSWORD });
      expect(oldSignIn.status).toBe(401);
      expect(oldSignIn.body.error.message).toBe(INVALID_CREDENTIALS);
      expect(
        (await new TestClient(app).post("/api/session", { email: me.email, password: "a-brand-new-secret" })).status,
      ).toBe(200);
    });

    it("a wrong current password is a 400 beside that field, and nothing changes", async () => {
      const { client, me } = await signUpCoach(app, "Careful");
      const other = await secondBrowser(app, me.email);
      const res = await client.post("/api/profile/password", {
        currentPassword: "not-my-password",
        newPassword: "another-secret-1",
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
      expect((await other.get("/api/me")).status).toBe(200);
      expect((await new TestClient(app).post("/api/session", { email: me.email, password: PASSWORD })).status).toBe(
        200,
      );
    });

    it("the new password needs eight characters; signed out is a 401", async () => {
      const res = await teams.a2.client.post("/api/profile/password", {
        currentPassword: PASSWORD,
        newPassword: "short",
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ newPassword: "New password must be at least 8 characters." });
      const anon = await new TestClient(app).post("/api/profile/password", {
        currentPassword: PASSWORD,
        newPassword: "long-enough-1",
      });
      expect(anon.status).toBe(401);
    });
  });

  it("the OpenAPI document lists the profile, file, training-log and feedback endpoints", async () => {
    const res = await new TestClient(app).get("/api/openapi.json");
    const paths = res.body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        "/api/profile",
        "/api/profile/photo",
        "/api/profile/password",
        "/api/files/{id}",
        "/api/me/dashboard",
        "/api/me/training-logs",
        "/api/me/training-logs/{id}",
        "/api/team/players/{id}/training-logs",
        "/api/team/players/{id}/feedback",
        "/api/me/feedback",
        "/api/me/feedback/read",
      ]),
    );
    expect(Object.keys(paths["/api/profile"])).toEqual(expect.arrayContaining(["get", "patch"]));
    expect(paths["/api/profile/photo"].post.requestBody.content["multipart/form-data"].schema.properties.file).toEqual({
      type: "string",
      format: "binary",
    });
    expect(paths["/api/profile/photo"].post.responses["413"]).toBeDefined();
    expect(paths["/api/files/{id}"].get.responses["200"].content["image/webp"]).toBeDefined();
  });
});

/** The same upload path end to end on the real stores: files under DATA_DIR/uploads, and an S3 bucket (s3rver). */
describe.each(["disk", "s3"] as const)("photo upload through the %s store", (kind) => {
  const sqlite = testEngines()[0]!;
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  let database: TestDatabase;
  let app: TestApp;
  let files: FileStore;
  let dataDir: string;
  let server: S3rver | undefined;

  beforeAll(async () => {
    database = await sqlite.create();
    dataDir = tempDir("flagline-uploads-");
    if (kind === "s3") {
      server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: tempDir("flagline-s3rver-") });
      const { port } = await server.run();
      const endpoint = `http://127.0.0.1:${port}`;
      const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
      const admin = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
      await admin.send(new CreateBucketCommand({ Bucket: "photos" }));
      admin.destroy();
      ({
        app,
        services: { files },
      } = createTestApp(database, {
        dataDir,
        storage: { kind: "s3", bucket: "photos", region: "us-east-1", endpoint, ...credentials },
      }));
    } else {
      ({
        app,
        services: { files },
      } = createTestApp(database, { dataDir }));
    }
  });
  afterAll(async () => {
    (files as { close?: () => void } | undefined)?.close?.();
    await server?.close();
    await database?.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("stores, serves, replaces and removes a photo", async () => {
    const { client: coach, me: coachMe } = await signUpCoach(app, "Storers");
    const { client } = await signUpPlayer(app, coachMe.team!.code);
    const first = await upload(client, await cameraJpeg());
    expect(first.status).toBe(201);
    const firstId = bare(first.body.photoUrl)!.split("/").pop()!;
    const key = `photos/${firstId}.webp`;
    expect(
      (await database.db.selectFrom("files").select("storage_key").where("id", "=", firstId).executeTakeFirst())
        ?.storage_key,
    ).toBe(key);

    const stored = await files.get(key);
    expect(stored?.contentType).toBe("image/webp");
    expect((await sharp(stored!.bytes).metadata()).exif).toBeUndefined();
    if (kind === "disk") {
      expect(readFileSync(path.join(dataDir, "uploads", key)).equals(Buffer.from(stored!.bytes))).toBe(true);
    }
    const served = await coach.request("GET", first.body.photoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    const second = await upload(client, await cameraJpeg());
    expect(second.status).toBe(201);
    expect(await files.get(key)).toBeNull();
    expect((await client.delete("/api/profile/photo")).status).toBe(204);
    expect(await files.get(`photos/${bare(second.body.photoUrl)!.split("/").pop()}.webp`)).toBeNull();
    if (kind === "disk") expect(readdirSync(path.join(dataDir, "uploads", "photos"))).toEqual([]);
  });
});
