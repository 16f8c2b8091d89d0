import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, type TestClient } from "#tests/server/support/test-client.js";
import { TOO_MANY_PIXELS_THIS_MINUTE } from "../http/image-upload.js";
import { createPixelBudget, MAX_DECODED_PIXELS_PER_MINUTE, setImageBudget } from "./pixel-budget.js";

describe("the pixel budget", () => {
  it("charges each key's minute, refuses past the limit with the seconds left, and starts afresh each minute", () => {
    let now = 1_000_000;
    const budget = createPixelBudget({ maxPixels: 100, now: () => now });
    expect(budget.take("a", 60)).toBeNull();
    expect(budget.take("a", 40)).toBeNull();
    now += 15_000;
    expect(budget.take("a", 1)).toBe(45);
    expect(budget.take("b", 100)).toBeNull();
    now += 44_999;
    expect(budget.take("a", 1)).toBe(1);
    now += 1;
    expect(budget.take("a", 100)).toBeNull();
    // A fresh minute takes one image of any size; the next one waits.
    now += 60_000;
    expect(budget.take("a", 500)).toBeNull();
    expect(budget.take("a", 1)).toBe(60);
  });

  it("allows 100 megapixels a minute by default", () => {
    const budget = createPixelBudget({ now: () => 0 });
    expect(MAX_DECODED_PIXELS_PER_MINUTE).toBe(100_000_000);
    expect(budget.take("a", 64_000_000)).toBeNull();
    expect(budget.take("a", 36_000_000)).toBeNull();
    expect(budget.take("a", 1)).toBe(60);
  });
});

describe.each(testEngines())("image uploads within a user's pixel budget on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let now = Date.now();
  /** 5000 x 5000: 25 megapixels, a small file (one colour), four of which fill a minute's budget. */
  let large: Buffer;

  beforeAll(async () => {
    database = await create();
    const built = createTestApp(database);
    app = built.app;
    setImageBudget(built.services, createPixelBudget({ now: () => now }));
    large = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
  }, 30_000);
  afterAll(async () => database?.cleanup());

  const upload = (client: TestClient, path: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(large)], { type: "image/png" }), "large.png");
    return client.request("POST", path, { body: form });
  };

  it("past 100 megapixels in a minute an upload gets 429 with Retry-After; a new minute allows more", async () => {
    const { client: coach, me } = await signUpCoach(app, "Big Pictures");
    const player = await signUpPlayer(app, me.team!.code);
    const play = await coach.post("/api/team/plays", { name: "Wide Angle", side: "offense" });
    expect(play.status).toBe(201);
    const diagramPath = `/api/team/plays/${play.body.play.id}/diagram`;

    for (let i = 0; i < 4; i++) expect((await upload(coach, "/api/profile/photo")).status).toBe(201);
    // Photos and diagrams share the user's budget.
    now += 20_000;
    const refused = await upload(coach, diagramPath);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: {
        code: "rate_limited",
        message: TOO_MANY_PIXELS_THIS_MINUTE,
        requestId: refused.headers.get("x-request-id"),
      },
    });
    expect(refused.headers.get("retry-after")).toBe("40");
    const plays = await coach.get("/api/team/plays");
    expect(plays.body.plays.find((p: { id: string }) => p.id === play.body.play.id).diagramUrl).toBeNull();

    // Another user's budget is their own.
    expect((await upload(player.client, "/api/profile/photo")).status).toBe(201);

    now += 40_000;
    expect((await upload(coach, diagramPath)).status).toBe(201);
  }, 60_000);
});
