import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteUser, loadMe } from "./accounts.js";
import { saveContactMessage } from "./contact.js";
import { recordEvent } from "./events.js";
import {
  CODE_ALPHABET,
  createProfile,
  createTeam,
  findTeamByCoachInviteCode,
  findTeamByCode,
  getProfile,
  getTeam,
  joinTeam,
} from "./teams.js";
import { insertTestUser, seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

describe.each(testEngines())("teams and profiles on $engine", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("makes teams with unique codes from the unambiguous alphabet", async () => {
    const teams = await Promise.all(Array.from({ length: 60 }, (_, i) => createTeam(t.db, { name: `T${i}` })));
    const code = new RegExp(`^[${CODE_ALPHABET}]{6}$`);
    const invite = new RegExp(`^[${CODE_ALPHABET}]{8}$`);
    for (const team of teams) {
      expect(team.teamCode).toMatch(code);
      expect(team.coachInviteCode).toMatch(invite);
    }
    expect(new Set(teams.map((x) => x.teamCode)).size).toBe(teams.length);
    expect(await getTeam(t.db, teams[0]!.id)).toEqual(teams[0]);
  });

  it("retries with new codes on a collision", async () => {
    const first = await createTeam(t.db, { name: "First" });
    const codes = [
      { teamCode: first.teamCode, coachInviteCode: "ZZZZZZZZ" },
      { teamCode: "ZZZZZZ", coachInviteCode: first.coachInviteCode },
      { teamCode: "ZZZZZZ", coachInviteCode: "ZZZZZZZZ" },
    ];
    const second = await createTeam(t.db, { name: "Second" }, () => codes.shift()!);
    expect(second).toMatchObject({ name: "Second", teamCode: "ZZZZZZ", coachInviteCode: "ZZZZZZZZ" });
    expect(codes).toHaveLength(0);
  });

  it("finds a team by either code, in any case, ignoring spaces", async () => {
    const team = await createTeam(t.db, { name: "Lookup" });
    expect(await findTeamByCode(t.db, ` ${team.teamCode.toLowerCase()} `)).toEqual(team);
    expect(await findTeamByCoachInviteCode(t.db, team.coachInviteCode.toLowerCase())).toEqual(team);
    // The two codes are not interchangeable.
    expect(await findTeamByCode(t.db, team.coachInviteCode)).toBeNull();
    expect(await findTeamByCoachInviteCode(t.db, team.teamCode)).toBeNull();
    expect(await findTeamByCode(t.db, "NOPE00")).toBeNull();
  });

  it("creates and reads profiles", async () => {
    const team = await createTeam(t.db, { name: "Profiles" });
    const userId = await insertTestUser(t.db, { email: "pro@example.test" });
    const created = await createProfile(t.db, {
      userId,
      teamId: team.id,
      role: "player",
      fullName: "Pat Player",
      jerseyNumber: 0,
      primaryPosition: "cb",
      positions: ["cb", "safety"],
      coachRole: "head", // ignored for players
    });
    expect(created).toMatchObject({
      userId,
      teamId: team.id,
      role: "player",
      coachRole: null,
      jerseyNumber: 0,
      positions: ["cb", "safety"],
      photoFileId: null,
    });
    expect(created.joinedAt).toBe(created.createdAt);
    expect(await getProfile(t.db, userId)).toEqual(created);
    expect(await getProfile(t.db, "nobody")).toBeNull();
    const teamless = await seedProfile(t.db, { teamId: null, role: "coach", fullName: "Free" });
    expect(teamless).toMatchObject({ teamId: null, joinedAt: null, positions: [] });
  });

  it("players who join at the same moment with the same number all join; one wears it, the others request it", async () => {
    const team = await createTeam(t.db, { name: "Same Number" });
    const joiners = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        seedProfile(t.db, { teamId: null, role: "player", fullName: `Joiner ${i}`, jerseyNumber: 23 }),
      ),
    );
    const joined = await Promise.all(joiners.map((p) => joinTeam(t.db, p.userId, team.id)));
    expect(joined.every((p) => p?.teamId === team.id)).toBe(true);
    const rows = await t.db
      .selectFrom("profiles")
      .select(["jersey_number", "requested_jersey_number"])
      .where("team_id", "=", team.id)
      .execute();
    expect(rows.filter((r) => r.jersey_number === 23)).toHaveLength(1);
    expect(rows.filter((r) => r.jersey_number === null && r.requested_jersey_number === 23)).toHaveLength(7);
  });

  it("loads the signed-in user, showing the coach invite code to the head coach only", async () => {
    const team = await createTeam(t.db, { name: "Me" });
    const head = await seedProfile(t.db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Head" });
    const assistant = await seedProfile(t.db, {
      teamId: team.id,
      role: "coach",
      coachRole: "assistant",
      fullName: "Asst",
    });
    const player = await seedProfile(t.db, {
      teamId: team.id,
      role: "player",
      fullName: "Play",
      jerseyNumber: 12,
      primaryPosition: "qb",
      positions: ["qb"],
    });
    expect(await loadMe(t.db, head.userId)).toEqual({
      id: head.userId,
      email: `${head.userId}@example.test`,
      role: "coach",
      fullName: "Head",
      coachRole: "head",
      team: { id: team.id, name: "Me", code: team.teamCode, coachInviteCode: team.coachInviteCode },
      jerseyNumber: null,
      primaryPosition: null,
      positions: [],
      photoUrl: null,
      formerTeam: null,
      waitingForCoach: false,
    });
    expect((await loadMe(t.db, assistant.userId))?.team?.coachInviteCode).toBeNull();
    expect(await loadMe(t.db, player.userId)).toMatchObject({
      role: "player",
      coachRole: null,
      jerseyNumber: 12,
      primaryPosition: "qb",
      positions: ["qb"],
      team: { code: team.teamCode, coachInviteCode: null },
    });
    const userOnly = await insertTestUser(t.db);
    expect(await loadMe(t.db, userOnly)).toBeNull();
  });

  it("deletes a user with everything that hangs off them", async () => {
    const team = await createTeam(t.db, { name: "Delete" });
    const p = await seedProfile(t.db, { teamId: team.id, role: "player", fullName: "Bye" });
    await recordEvent(t.db, {
      id: randomUUID(),
      teamId: team.id,
      playerId: p.userId,
      eventType: "Sack",
      occurredAt: "2025-09-01T00:00:00.000Z",
      createdBy: p.userId,
    });
    expect(await deleteUser(t.db, p.userId)).toBe(true);
    expect(await deleteUser(t.db, p.userId)).toBe(false);
    expect(await getProfile(t.db, p.userId)).toBeNull();
    for (const table of ["events", "player_event_counts", "player_stats"] as const) {
      expect(await t.db.selectFrom(table).select("player_id").where("player_id", "=", p.userId).execute()).toEqual([]);
    }
  });

  it("stores contact messages", async () => {
    const id = await saveContactMessage(t.db, {
      name: "V",
      email: "v@example.test",
      message: "Hello there, team!",
      ip: "203.0.113.1",
    });
    const row = await t.db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
    expect(row).toMatchObject({ name: "V", email: "v@example.test", message: "Hello there, team!", ip: "203.0.113.1" });
  });
});
