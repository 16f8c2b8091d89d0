import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, PASSWORD, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

const run = promisify(execFile);

/** `npm run reset-link -- <email>` as the operator runs it, against the test database. */
async function resetLink(database: TestDatabase, email: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/reset-link.ts", email], {
      env: {
        ...process.env,
        ...database.env,
        PUBLIC_URL: "https://flagline.example.org",
        AUTH_SECRET: "cli-test-secret-cli-test-secret-0123456",
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.each(testEngines())("npm run reset-link on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
  });
  afterAll(async () => database?.cleanup());

  it("prints a one-time link from PUBLIC_URL that resets the password", async () => {
    const coach = await signUpCoach(app);
    const player = await signUpPlayer(app, coach.me.team!.code);
    const printed = await resetLink(database, player.me.email.toUpperCase());
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stderr).toMatch(/works once, until \d{4}-/);
    const url = new URL(printed.stdout.trim());
    expect(`${url.origin}${url.pathname}`).toBe("https://flagline.example.org/reset-password");
    const token = url.searchParams.get("token")!;
    const client = new TestClient(app);
    expect((await client.post("/api/password/reset", { token, newPassword: "cli-made-password" })).status).toBe(200);
    expect((await client.post("/api/session", { email: player.me.email, password: PASSWORD })).status).toBe(401);
    expect((await client.post("/api/session", { email: player.me.email, password: "cli-made-password" })).status).toBe(
      200,
    );
    expect((await client.post("/api/password/reset", { token, newPassword: "again-and-again" })).status).toBe(400);
  });

  it("says so when no account uses the email, or the account has no password yet", async () => {
    const missing = await resetLink(database, "nobody@example.org");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No account uses nobody@example.org.");
    expect(missing.stdout).toBe("");

    const coach = await signUpCoach(app);
    const row = await seedProfile(database.db, {
      teamId: coach.me.team!.id,
      role: "player",
      fullName: "Rory Roster",
      jerseyNumber: 30,
      primaryPosition: "wr",
      positions: ["wr"],
    });
    const email = (
      await database.db.selectFrom("user").select("email").where("id", "=", row.userId).executeTakeFirstOrThrow()
    ).email;
    const unclaimed = await resetLink(database, email);
    expect(unclaimed.code).toBe(1);
    expect(unclaimed.stderr).toContain("has no password yet");
  });
});
