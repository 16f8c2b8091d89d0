// First: routes/team.ts calls .openapi() on domain schemas, which exists only once @hono/zod-openapi has
// extended zod, and domain/api/player.js (imported below) evaluates those schemas.
import "@hono/zod-openapi";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeKind } from "#domain/api/logger.js";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_MISSING,
  UPLOAD_TOO_LARGE,
  UPLOAD_WRONG_TYPE,
} from "#domain/api/player.js";
import { PLAY_ARCHIVED, PLAY_NAME_TAKEN, type PlayDto, type PlaysResponse } from "#domain/api/plays.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, TestClient } from "#tests/server/support/test-client.js";
import { anEvent, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";

type App = ReturnType<typeof createTestApp>["app"];

describe.each(testEngines())("playbook API on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let services: ReturnType<typeof createTestApp>["services"];
  let a: LoggerTeam;
  let b: LoggerTeam;

  beforeAll(async () => {
    database = await create();
    ({ app, services } = createTestApp(database));
    a = await loggerTeam(app, "Falcons A", 2);
    b = await loggerTeam(app, "Bears B", 1);
  });
  afterAll(async () => database?.cleanup());

  let n = 0;
  const unique = (base: string) => `${base} ${++n}`;

  async function newPlay(client: TestClient, over: Record<string, unknown> = {}): Promise<PlayDto> {
    const res = await client.post("/api/team/plays", { name: unique("Play"), side: "offense", ...over });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.play as PlayDto;
  }

  async function list(client: TestClient, query = ""): Promise<PlayDto[]> {
    const res = await client.get<PlaysResponse>(`/api/team/plays${query}`);
    expect(res.status).toBe(200);
    return res.body.plays;
  }

  async function logEvent(client: TestClient, playerId: string, over: Parameters<typeof anEvent>[1] = {}) {
    const e = anEvent(playerId, over);
    const res = await client.post("/api/team/events", { events: [e] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return e;
  }

  /** The change kinds the team's hub publishes while `run` runs. */
  async function published(teamId: string, run: () => Promise<unknown>): Promise<ChangeKind[]> {
    const kinds: ChangeKind[] = [];
    const stop = services.hub.subscribe(teamId, (change) => kinds.push(change.kind));
    try {
      await run();
    } finally {
      stop();
    }
    return kinds;
  }

  describe("create", () => {
    it("stores a play with trimmed fields and tags deduplicated in any case (first spelling kept)", async () => {
      const name = unique("  Slant Right");
      const res = await a.head.post("/api/team/plays", {
        name,
        side: "offense",
        formation: "  Trips  ",
        tags: [" Quick ", "quick", "RED zone", "red Zone", "3rd down"],
        notes: "  Hit the slot on the break.  ",
      });
      expect(res.status).toBe(201);
      const play = res.body.play as PlayDto;
      expect(play).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: name.trim(),
        side: "offense",
        formation: "Trips",
        tags: ["Quick", "RED zone", "3rd down"],
        notes: "Hit the slot on the break.",
        diagramUrl: null,
        archived: false,
        createdAt: expect.any(String),
        updatedAt: play.createdAt,
        lastUsedAt: null,
      });
      expect((await list(a.head)).find((p) => p.id === play.id)).toEqual(play);
    });

    it("formation, tags and notes are optional", async () => {
      const play = await newPlay(a.head, { side: "defense" });
      expect(play).toMatchObject({ side: "defense", formation: "", tags: [], notes: "" });
    });

    const long = (k: number) => "x".repeat(k);
    it.each<[string, Record<string, unknown>, string, string]>([
      ["a missing name", { side: "offense" }, "name", "Name is required."],
      ["a blank name", { name: "   ", side: "offense" }, "name", "Name is required."],
      ["an 81-character name", { name: long(81), side: "offense" }, "name", "Name must be at most 80 characters."],
      ["no side", { name: "X" }, "side", "Choose offense or defense."],
      ["an unknown side", { name: "X", side: "special" }, "side", "Choose offense or defense."],
      [
        "an 81-character formation",
        { name: "X", side: "offense", formation: long(81) },
        "formation",
        "Formation must be at most 80 characters.",
      ],
      [
        "a blank tag",
        { name: "X", side: "offense", tags: ["ok", "  "] },
        "tags.1",
        "Each tag must be 1 to 24 characters.",
      ],
      [
        "a 25-character tag",
        { name: "X", side: "offense", tags: [long(25)] },
        "tags.0",
        "Each tag must be 1 to 24 characters.",
      ],
      [
        "13 different tags",
        { name: "X", side: "offense", tags: Array.from({ length: 13 }, (_, i) => `t${i}`) },
        "tags",
        "At most 12 tags.",
      ],
      [
        "tags that are not a list",
        { name: "X", side: "offense", tags: "quick" },
        "tags",
        "Tags must be a list of text.",
      ],
      [
        "2001 characters of notes",
        { name: "X", side: "offense", notes: long(2001) },
        "notes",
        "Notes must be at most 2000 characters.",
      ],
    ])("refuses %s with a 400 beside the field, storing nothing", async (_label, body, field, message) => {
      const before = (await list(a.head, "?includeArchived=true")).length;
      const res = await a.head.post("/api/team/plays", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
      expect(res.body.error.fields[field]).toBe(message);
      expect((await list(a.head, "?includeArchived=true")).length).toBe(before);
    });

    it("accepts 12 tags after duplicates are dropped, and names and tags of exactly the limits", async () => {
      const tags = [...Array.from({ length: 12 }, (_, i) => `tag${i}`), "TAG0", "Tag11"];
      const play = await newPlay(a.head, {
        name: unique("x".repeat(70)),
        tags,
        formation: "f".repeat(80),
        notes: "n".repeat(2000),
      });
      expect(play.tags).toHaveLength(12);
      const exact = await newPlay(a.head, {
        name: `${"y".repeat(76)}${String(++n).padStart(4, "0")}`,
        tags: ["z".repeat(24)],
      });
      expect(exact.name).toHaveLength(80);
    });

    it("refuses a body that is not JSON", async () => {
      const res = await a.head.request("POST", "/api/team/plays", {
        body: "{nope",
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBeDefined();
    });
  });

  describe("names are unique among a team's current plays, in any case", () => {
    it("a second play with the same name in another case is a 409 beside the name", async () => {
      const name = unique("Flood");
      await newPlay(a.head, { name });
      const res = await a.assistant.post("/api/team/plays", { name: `  ${name.toUpperCase()} `, side: "defense" });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: "play_name_taken",
        message: PLAY_NAME_TAKEN,
        fields: { name: PLAY_NAME_TAKEN },
        requestId: res.headers.get("x-request-id"),
      });
    });

    it("another team may use the name", async () => {
      const name = unique("Mesh");
      await newPlay(a.head, { name });
      expect((await b.head.post("/api/team/plays", { name, side: "offense" })).status).toBe(201);
    });

    it("an archived play's name is free; bringing it back while the name is taken is a 409", async () => {
      const name = unique("Wheel");
      const old = await newPlay(a.head, { name });
      expect((await a.head.post(`/api/team/plays/${old.id}/archive`)).status).toBe(200);
      const replacement = await newPlay(a.head, { name: name.toLowerCase() });
      const back = await a.head.post(`/api/team/plays/${old.id}/unarchive`);
      expect(back.status).toBe(409);
      expect(back.body.error.fields.name).toBe(PLAY_NAME_TAKEN);
      // Renaming the archived play frees it to come back.
      expect(
        (await a.head.request("PATCH", `/api/team/plays/${old.id}`, { json: { name: `${name} (old)` } })).status,
      ).toBe(200);
      const ok = await a.head.post(`/api/team/plays/${old.id}/unarchive`);
      expect(ok.status).toBe(200);
      expect(ok.body.play).toMatchObject({ archived: false, name: `${name} (old)` });
      expect(replacement.archived).toBe(false);
    });

    it("renaming onto another current play's name is a 409; changing only the case of its own name is fine", async () => {
      const first = await newPlay(a.head, { name: unique("Post") });
      const second = await newPlay(a.head, { name: unique("Corner") });
      const clash = await a.head.request("PATCH", `/api/team/plays/${second.id}`, {
        json: { name: first.name.toUpperCase() },
      });
      expect(clash.status).toBe(409);
      expect(clash.body.error.fields.name).toBe(PLAY_NAME_TAKEN);
      const recased = await a.head.request("PATCH", `/api/team/plays/${second.id}`, {
        json: { name: second.name.toUpperCase() },
      });
      expect(recased.status).toBe(200);
      expect(recased.body.play.name).toBe(second.name.toUpperCase());
    });

    it("concurrent creates of one name make exactly one play", async () => {
      const name = unique("Race");
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? a.head : a.assistant).post("/api/team/plays", { name, side: "offense" }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await list(a.head)).filter((p) => p.name === name)).toHaveLength(1);
    });
  });

  describe("update", () => {
    it("changes only the fields sent and moves updatedAt; an empty or same-value patch changes nothing", async () => {
      const play = await newPlay(a.head, { formation: "Bunch", tags: ["quick"], notes: "n" });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await a.head.request("PATCH", `/api/team/plays/${play.id}`, {
        json: { side: "defense", tags: ["Blitz", "blitz"] },
      });
      expect(res.status).toBe(200);
      const updated = res.body.play as PlayDto;
      expect(updated).toEqual({ ...play, side: "defense", tags: ["Blitz"], updatedAt: expect.any(String) });
      expect(updated.updatedAt > play.updatedAt).toBe(true);

      const kinds = await published(a.teamId, async () => {
        const same = await a.head.request("PATCH", `/api/team/plays/${play.id}`, { json: { formation: "Bunch" } });
        expect(same.body.play).toEqual(updated);
        // Nothing sent is a mistake, not a save (src/server/routes/patch-bodies.test.ts covers every PATCH).
        const empty = await a.head.request("PATCH", `/api/team/plays/${play.id}`, { json: {} });
        expect(empty.status).toBe(400);
      });
      expect(kinds).toEqual([]);
    });

    it("validates like create", async () => {
      const play = await newPlay(a.head);
      const res = await a.head.request("PATCH", `/api/team/plays/${play.id}`, {
        json: { name: "", tags: ["x".repeat(25)] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toMatchObject({
        name: "Name is required.",
        "tags.0": "Each tag must be 1 to 24 characters.",
      });
    });

    it("an id that is not a UUID is a 400; an unknown one a 404", async () => {
      expect((await a.head.request("PATCH", "/api/team/plays/nope", { json: { name: "x" } })).status).toBe(400);
      expect((await a.head.request("PATCH", `/api/team/plays/${randomUUID()}`, { json: { name: "x" } })).status).toBe(
        404,
      );
    });
  });

  describe("archive", () => {
    it("archived plays leave the default list, stay in includeArchived, and archiving twice is harmless", async () => {
      const play = await newPlay(a.head);
      const res = await a.head.post(`/api/team/plays/${play.id}/archive`);
      expect(res.status).toBe(200);
      expect(res.body.play).toMatchObject({ id: play.id, archived: true });
      expect((await list(a.head)).some((p) => p.id === play.id)).toBe(false);
      expect((await list(a.head, "?includeArchived=true")).find((p) => p.id === play.id)?.archived).toBe(true);
      expect((await list(a.head, "?includeArchived=false")).some((p) => p.id === play.id)).toBe(false);
      expect((await list(a.head, "?includeArchived=1")).some((p) => p.id === play.id)).toBe(true);

      const kinds = await published(a.teamId, async () => {
        expect((await a.head.post(`/api/team/plays/${play.id}/archive`)).body.play.archived).toBe(true);
      });
      expect(kinds).toEqual([]);

      const back = await a.head.post(`/api/team/plays/${play.id}/unarchive`);
      expect(back.status).toBe(200);
      expect(back.body.play.archived).toBe(false);
      expect((await a.head.post(`/api/team/plays/${play.id}/unarchive`)).status).toBe(200);
      expect((await list(a.head)).some((p) => p.id === play.id)).toBe(true);
    });

    it("includeArchived must be true or false", async () => {
      const res = await a.head.get("/api/team/plays?includeArchived=maybe");
      expect(res.status).toBe(400);
      expect(res.body.error.fields.includeArchived).toBe("Use true or false.");
    });
  });

  describe("the picker order and lastUsedAt", () => {
    it("most recently used first, never used last, ties by name; lastUsedAt is the latest tagged event", async () => {
      const coach = (await loggerTeam(app, "Order", 1)) as LoggerTeam;
      const player = coach.players[0]!.me.id;
      const names = ["delta", "Alpha", "charlie", "Bravo", "echo"];
      const plays: Record<string, PlayDto> = {};
      for (const name of names) plays[name] = await newPlay(coach.head, { name });

      const now = Date.now();
      const t = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
      await logEvent(coach.head, player, {
        eventType: "Pass Completion",
        playId: plays.charlie!.id,
        occurredAt: t(50),
      });
      await logEvent(coach.head, player, {
        eventType: "Pass Completion",
        playId: plays.charlie!.id,
        occurredAt: t(10),
      });
      await logEvent(coach.head, player, { eventType: "Rush Attempt", playId: plays.echo!.id, occurredAt: t(30) });
      // An untagged event and another team's events change nothing.
      await logEvent(coach.head, player, { eventType: "Rush Attempt", occurredAt: t(1) });

      const got = await list(coach.head);
      expect(got.map((p) => p.name)).toEqual(["charlie", "echo", "Alpha", "Bravo", "delta"]);
      expect(got.map((p) => p.lastUsedAt)).toEqual([t(10), t(30), null, null, null]);
    });
  });

  describe("re-tagging an event", () => {
    it("tags, changes and removes an event's play; the tag shows in the event's play and the player's counters stay", async () => {
      const player = a.players[0]!.me.id;
      const e = await logEvent(a.head, player, { eventType: "Pass TD", yards: 30 });
      const first = await newPlay(a.head);
      const second = await newPlay(a.head);
      const before = await database.db
        .selectFrom("player_event_counts")
        .selectAll()
        .where("player_id", "=", player)
        .execute();

      const kinds = await published(a.teamId, async () => {
        const tagged = await a.head.request("PATCH", `/api/team/events/${e.id}/play`, { json: { playId: first.id } });
        expect(tagged.status).toBe(200);
        expect(tagged.body).toEqual({ event: { id: e.id, playId: first.id } });
      });
      expect(kinds).toContain("events");

      const moved = await a.assistant.request("PATCH", `/api/team/events/${e.id}/play`, {
        json: { playId: second.id },
      });
      expect(moved.body).toEqual({ event: { id: e.id, playId: second.id } });
      const row = await database.db
        .selectFrom("events")
        .select("play_id")
        .where("id", "=", e.id)
        .executeTakeFirstOrThrow();
      expect(row.play_id).toBe(second.id);
      expect((await list(a.head)).find((p) => p.id === second.id)?.lastUsedAt).toBe(e.occurredAt);
      expect((await list(a.head)).find((p) => p.id === first.id)?.lastUsedAt).toBeNull();

      const cleared = await a.head.request("PATCH", `/api/team/events/${e.id}/play`, { json: { playId: null } });
      expect(cleared.body).toEqual({ event: { id: e.id, playId: null } });
      const after = await database.db
        .selectFrom("player_event_counts")
        .selectAll()
        .where("player_id", "=", player)
        .execute();
      expect(after).toEqual(before);
    });

    it("an archived play cannot be newly tagged (400); an event already tagged with it keeps it or is untagged", async () => {
      const player = a.players[1]!.me.id;
      const play = await newPlay(a.head);
      const kept = await logEvent(a.head, player, { eventType: "Rush Attempt", playId: play.id });
      const other = await logEvent(a.head, player, { eventType: "Rush Attempt" });
      await a.head.post(`/api/team/plays/${play.id}/archive`);

      const refused = await a.head.request("PATCH", `/api/team/events/${other.id}/play`, { json: { playId: play.id } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({
        code: "play_archived",
        message: PLAY_ARCHIVED,
        fields: { playId: PLAY_ARCHIVED },
        requestId: refused.headers.get("x-request-id"),
      });
      const row = await database.db
        .selectFrom("events")
        .select("play_id")
        .where("id", "=", other.id)
        .executeTakeFirstOrThrow();
      expect(row.play_id).toBeNull();

      const same = await a.head.request("PATCH", `/api/team/events/${kept.id}/play`, { json: { playId: play.id } });
      expect(same.status).toBe(200);
      expect(
        (await a.head.request("PATCH", `/api/team/events/${kept.id}/play`, { json: { playId: null } })).status,
      ).toBe(200);
    });

    it("only the caller's team's events and plays: anything else is a 404 and changes nothing", async () => {
      const mine = await logEvent(a.head, a.players[0]!.me.id, { eventType: "Catch" });
      const theirs = await logEvent(b.head, b.players[0]!.me.id, { eventType: "Catch" });
      const myPlay = await newPlay(a.head);
      const theirPlay = await newPlay(b.head);

      const cases: [string, string | null, string][] = [
        [theirs.id, myPlay.id, "That event was not found."],
        [theirs.id, null, "That event was not found."],
        [randomUUID(), myPlay.id, "That event was not found."],
        [mine.id, theirPlay.id, "That play was not found."],
        [mine.id, randomUUID(), "That play was not found."],
      ];
      for (const [eventId, playId, message] of cases) {
        const res = await a.head.request("PATCH", `/api/team/events/${eventId}/play`, { json: { playId } });
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe(message);
      }
      const rows = await database.db
        .selectFrom("events")
        .select(["id", "play_id"])
        .where("id", "in", [mine.id, theirs.id])
        .execute();
      expect(rows.every((r) => r.play_id === null)).toBe(true);
    });

    it("validates the body", async () => {
      const e = await logEvent(a.head, a.players[0]!.me.id, { eventType: "Sack" });
      for (const json of [{}, { playId: "slant" }, { playId: 7 }]) {
        const res = await a.head.request("PATCH", `/api/team/events/${e.id}/play`, { json });
        expect(res.status).toBe(400);
        expect(res.body.error.fields.playId).toBeDefined();
      }
      expect(
        (await a.head.request("PATCH", "/api/team/events/not-a-uuid/play", { json: { playId: null } })).status,
      ).toBe(400);
    });
  });

  describe("diagrams", () => {
    const image = (width = 48, height = 32) =>
      sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 60 } } })
        .png()
        .toBuffer();
    function form(bytes: Uint8Array, name = "diagram.png", type = "image/png") {
      const body = new FormData();
      body.set(UPLOAD_FIELD, new Blob([new Uint8Array(bytes)], { type }), name);
      return body;
    }
    const upload = (client: TestClient, playId: string, body: FormData) =>
      client.request("POST", `/api/team/plays/${playId}/diagram`, { body });
    async function fileRow(id: string) {
      return database.db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
    }
    const fileIdOf = (url: string) => url.split("/").at(-1)!;
    async function fileCount() {
      const row = await database.db
        .selectFrom("files")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }

    it("an uploaded diagram is re-encoded, linked to the play and served to the team's members only", async () => {
      const play = await newPlay(a.head);
      let res!: Awaited<ReturnType<typeof upload>>;
      const kinds = await published(a.teamId, async () => {
        res = await upload(a.head, play.id, form(await image()));
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.diagramUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      expect(kinds).toEqual(["plays"]);
      const url: string = res.body.diagramUrl;
      expect((await list(a.head)).find((p) => p.id === play.id)?.diagramUrl).toBe(url);

      const row = await fileRow(fileIdOf(url));
      expect(row).toMatchObject({ team_id: a.teamId, owner_user_id: a.headMe.id, kind: "diagram", mime: "image/webp" });

      const served = await a.assistant.get(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect((await a.players[0]!.client.get(url)).status).toBe(200);
      expect((await b.head.get(url)).status).toBe(404);
      expect((await new TestClient(app).get(url)).status).toBe(404);
    });

    it("a new diagram replaces the old one, whose file is gone; removing it leaves none", async () => {
      const play = await newPlay(a.head);
      const first: string = (await upload(a.head, play.id, form(await image()))).body.diagramUrl;
      const oldKey = (await fileRow(fileIdOf(first)))!.storage_key;
      const second = await upload(a.assistant, play.id, form(await image(64, 64)));
      expect(second.status).toBe(201);
      expect(second.body.diagramUrl).not.toBe(first);
      expect(await fileRow(fileIdOf(first))).toBeUndefined();
      expect(await services.files.get(oldKey)).toBeNull();
      expect((await a.head.get(first)).status).toBe(404);

      const newKey = (await fileRow(fileIdOf(second.body.diagramUrl)))!.storage_key;
      const removed = await a.head.delete(`/api/team/plays/${play.id}/diagram`);
      expect(removed.status).toBe(204);
      expect((await list(a.head)).find((p) => p.id === play.id)?.diagramUrl).toBeNull();
      expect(await fileRow(fileIdOf(second.body.diagramUrl))).toBeUndefined();
      expect(await services.files.get(newKey)).toBeNull();
      // Removing again is harmless and publishes nothing.
      expect(
        await published(a.teamId, async () =>
          expect((await a.head.delete(`/api/team/plays/${play.id}/diagram`)).status).toBe(204),
        ),
      ).toEqual([]);
    });

    it("refuses what is not an image (415), no file (400), more than 5 MB (413) and a JSON body (415), storing nothing", async () => {
      const play = await newPlay(a.head);
      const before = await fileCount();
      const text = await upload(a.head, play.id, form(new TextEncoder().encode("not an image at all"), "x.png"));
      expect(text.status).toBe(415);
      expect(text.body.error.fields[UPLOAD_FIELD]).toBe(UPLOAD_WRONG_TYPE);
      const missing = await a.head.request("POST", `/api/team/plays/${play.id}/diagram`, { body: new FormData() });
      expect(missing.status).toBe(400);
      expect(missing.body.error.fields[UPLOAD_FIELD]).toBe(UPLOAD_MISSING);
      const big = await upload(a.head, play.id, form(new Uint8Array(MAX_UPLOAD_BYTES + 1)));
      expect(big.status).toBe(413);
      expect(big.body.error.message).toBe(UPLOAD_TOO_LARGE);
      expect((await a.head.post(`/api/team/plays/${play.id}/diagram`, { file: "x" })).status).toBe(415);
      expect(await fileCount()).toBe(before);
      expect((await list(a.head)).find((p) => p.id === play.id)?.diagramUrl).toBeNull();
    });

    it("another team's coach gets 404 and stores nothing; a player 403; a visitor 401", async () => {
      const play = await newPlay(a.head);
      const before = await fileCount();
      expect((await upload(b.head, play.id, form(await image()))).status).toBe(404);
      expect((await upload(a.head, randomUUID(), form(await image()))).status).toBe(404);
      expect((await b.head.delete(`/api/team/plays/${play.id}/diagram`)).status).toBe(404);
      expect((await upload(a.players[0]!.client, play.id, form(await image()))).status).toBe(403);
      expect((await a.players[0]!.client.delete(`/api/team/plays/${play.id}/diagram`)).status).toBe(403);
      expect((await upload(new TestClient(app), play.id, form(await image()))).status).toBe(401);
      expect(await fileCount()).toBe(before);
    });
  });

  describe("live updates", () => {
    it("play writes publish plays; a re-tag publishes events", async () => {
      const play = await newPlay(a.head);
      expect(
        await published(a.teamId, () => a.head.post("/api/team/plays", { name: unique("Live"), side: "offense" })),
      ).toEqual(["plays"]);
      expect(
        await published(a.teamId, () =>
          a.head.request("PATCH", `/api/team/plays/${play.id}`, { json: { notes: "new" } }),
        ),
      ).toEqual(["plays"]);
      expect(await published(a.teamId, () => a.head.post(`/api/team/plays/${play.id}/archive`))).toEqual(["plays"]);
      expect(await published(a.teamId, () => a.head.post(`/api/team/plays/${play.id}/unarchive`))).toEqual(["plays"]);
      // A refused write publishes nothing, and nothing reaches another team.
      expect(
        await published(a.teamId, () => a.head.post("/api/team/plays", { name: play.name, side: "offense" })),
      ).toEqual([]);
      expect(
        await published(b.teamId, () => a.head.post("/api/team/plays", { name: unique("Quiet"), side: "offense" })),
      ).toEqual([]);
    });
  });

  it("declares its endpoints in the OpenAPI document", async () => {
    const res = await new TestClient(app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    expect(paths["/api/team/plays"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["includeArchived"]);
    expect(paths["/api/team/plays"].post).toBeDefined();
    expect(paths["/api/team/plays/{id}"].patch).toBeDefined();
    expect(paths["/api/team/plays/{id}/archive"].post).toBeDefined();
    expect(paths["/api/team/plays/{id}/unarchive"].post).toBeDefined();
    expect(paths["/api/team/plays/{id}/diagram"].post.requestBody.content["multipart/form-data"]).toBeDefined();
    expect(paths["/api/team/plays/{id}/diagram"].delete).toBeDefined();
    expect(paths["/api/team/events/{id}/play"].patch).toBeDefined();
    expect(paths["/api/team/playbook-analysis"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      "from",
      "kind",
      "season",
      "side",
      "to",
      "tzOffset",
    ]);
    expect(paths["/api/team/playbook-analysis/{playId}/events"].get).toBeDefined();
  });

  describe("authorization", () => {
    let aPlay: PlayDto;
    let aEvent: { id: string };

    beforeAll(async () => {
      aPlay = await newPlay(a.head, { name: unique("Secret") });
      aEvent = await logEvent(a.head, a.players[0]!.me.id, { eventType: "Pass Completion", playId: aPlay.id });
    });

    const writes = (playId: string, eventId: string): [string, string, unknown][] => [
      ["POST", "/api/team/plays", { name: "Sneaky", side: "offense" }],
      ["PATCH", `/api/team/plays/${playId}`, { name: "Renamed" }],
      ["POST", `/api/team/plays/${playId}/archive`, undefined],
      ["POST", `/api/team/plays/${playId}/unarchive`, undefined],
      ["PATCH", `/api/team/events/${eventId}/play`, { playId: null }],
    ];

    it("signed out: 401 everywhere", async () => {
      const anon = new TestClient(app);
      expect((await anon.get("/api/team/plays")).status).toBe(401);
      for (const [method, path, json] of writes(aPlay.id, aEvent.id)) {
        expect((await anon.request(method, path, { json })).status, `${method} ${path}`).toBe(401);
      }
    });

    it("a player of the team: 403 everywhere, even with invalid input", async () => {
      const player = a.players[0]!.client;
      expect((await player.get("/api/team/plays")).status).toBe(403);
      expect((await player.get("/api/team/plays?includeArchived=maybe")).status).toBe(403);
      for (const [method, path, json] of writes(aPlay.id, aEvent.id)) {
        expect((await player.request(method, path, { json })).status, `${method} ${path}`).toBe(403);
      }
      expect((await player.post("/api/team/plays", { name: "" })).status).toBe(403);
    });

    it("another team's coach: never sees the plays, and every id of them is a 404 that changes nothing", async () => {
      const theirs = await list(b.head, "?includeArchived=true");
      expect(theirs.some((p) => p.id === aPlay.id)).toBe(false);
      for (const [method, path, json] of writes(aPlay.id, aEvent.id).slice(1)) {
        const res = await b.head.request(method, path, { json });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      const mine = (await list(a.head)).find((p) => p.id === aPlay.id);
      expect(mine).toMatchObject({ name: aPlay.name, archived: false, lastUsedAt: aEvent && expect.any(String) });
      const row = await database.db
        .selectFrom("events")
        .select("play_id")
        .where("id", "=", aEvent.id)
        .executeTakeFirstOrThrow();
      expect(row.play_id).toBe(aPlay.id);
    });
  });
});
