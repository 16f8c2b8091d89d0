import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSITION_KEYS } from "#domain/positions.js";
import { teamPlayerSummaries } from "../db/summaries.js";
import {
  asObject,
  recountFromSource,
  storedTotals,
  testEngines,
  type TestDatabase,
} from "#tests/server/support/test-database.js";
import { createTestApp, TestClient } from "#tests/server/support/test-client.js";
import { DEMO_COACH_EMAIL, DEMO_PASSWORD, seedDemo, type DemoTeam } from "./seed.js";

describe.each(testEngines())("demo seed on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;
  let demo: DemoTeam | null;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database);
    demo = await seedDemo(database.db, app.services.auth, { weeks: 3, today: new Date("2026-11-21T12:00:00Z") });
  }, 120_000);
  afterAll(async () => database?.cleanup());

  it("makes a head coach and twelve players covering all ten positions", async () => {
    expect(demo).not.toBeNull();
    const summaries = await teamPlayerSummaries(database.db, demo!.teamId);
    expect(summaries).toHaveLength(12);
    expect(new Set(summaries.map((s) => s.position))).toEqual(new Set(POSITION_KEYS));
    expect(summaries.every((s) => s.eventCount > 0 && s.attendancePercentage > 0)).toBe(true);
    expect(demo!.sessions).toBe(9);
    expect(demo!.events).toBeGreaterThan(100);
  });

  it("keeps every counter equal to a recount from the events", async () => {
    expect(asObject(await storedTotals(database.db))).toEqual(asObject(await recountFromSource(database.db)));
  });

  it("lets the demo coach sign in with the printed password", async () => {
    const res = await new TestClient(app.app).post("/api/session", {
      email: DEMO_COACH_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: "coach", coachRole: "head" });
  });

  it("does nothing when the database already holds a team", async () => {
    expect(await seedDemo(database.db, app.services.auth)).toBeNull();
  });
});
