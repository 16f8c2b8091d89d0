import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { meSchema, type Me } from "#domain/account";
import { z } from "#domain/zod";
import { parseMeResponse } from "./session";

/** What the server's own schema makes of an answer: the user it would read, or null. */
const bySchema = (payload: unknown): Me | null => {
  const result = z.object({ user: meSchema }).safeParse(payload);
  return result.success ? result.data.user : null;
};

const coach: Me = {
  id: "u1",
  email: "coach@example.com",
  role: "coach",
  fullName: "Casey Coach",
  coachRole: "head",
  team: { id: "t1", name: "Hawks", code: "HAWK42", coachInviteCode: "COACH9" },
  jerseyNumber: null,
  primaryPosition: null,
  positions: [],
  photoUrl: null,
};

const player: Me = {
  ...coach,
  id: "u2",
  role: "player",
  coachRole: null,
  team: { id: "t1", name: "Hawks", code: "HAWK42", coachInviteCode: null },
  jerseyNumber: 11,
  primaryPosition: "wr",
  positions: ["wr", "qb"],
  photoUrl: "/api/photos/p.webp",
  waitingForCoach: true,
};

describe("parseMeResponse: GET /api/me read without zod (decision 0021)", () => {
  it("reads a coach, a player, a teamless account and an operator as the server's schema does", () => {
    const teamless: Me = {
      ...player,
      team: null,
      jerseyNumber: null,
      formerTeam: { name: "Hawks", leftAt: "2026-11-20T10:00:00.000Z" },
    };
    const operator: Me = { ...coach, operator: true, formerTeam: null };
    for (const user of [coach, player, teamless, operator]) {
      expect(parseMeResponse({ user })).toEqual(user);
      expect(parseMeResponse({ user })).toEqual(bySchema({ user }));
    }
  });

  it("drops fields it does not know, as the schema strips them", () => {
    const read = parseMeResponse({ user: { ...coach, banned: true, team: { ...coach.team, secret: 1 } }, extra: 1 });
    expect(read).toEqual(coach);
  });

  it("refuses what a signed-in screen could not use: no user, a wrong role, a missing or mistyped field", () => {
    const refused: unknown[] = [
      null,
      "user",
      [],
      {},
      { user: null },
      { user: [] },
      { user: { ...coach, role: "admin" } },
      { user: { ...coach, coachRole: "owner" } },
      { user: { ...coach, jerseyNumber: 7.5 } },
      { user: { ...coach, jerseyNumber: "7" } },
      { user: { ...coach, positions: ["wr", 3] } },
      { user: { ...coach, team: { ...coach.team, code: undefined } } },
      { user: { ...coach, formerTeam: { name: "Hawks" } } },
      { user: { ...coach, operator: "yes" } },
      { user: { ...coach, waitingForCoach: 1 } },
      ...Object.keys(coach).map((key) => ({ user: { ...coach, [key]: undefined } })),
    ];
    for (const payload of refused) {
      expect(bySchema(payload), JSON.stringify(payload)).toBeNull();
      expect(parseMeResponse(payload), JSON.stringify(payload)).toBeNull();
    }
  });

  it("agrees with the schema on any answer near the real shape", () => {
    // Each field mostly as the server sends it, else some other JSON value or missing: the two readers must agree.
    const near = <T>(good: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: good, weight: 30 }, fc.jsonValue(), fc.constant(undefined));
    const team = fc.record({
      id: near(fc.string()),
      name: near(fc.string()),
      code: near(fc.string()),
      coachInviteCode: near(fc.option(fc.string(), { nil: null })),
    });
    const user = fc.record({
      id: near(fc.string()),
      email: near(fc.string()),
      role: near(fc.constantFrom("player", "coach")),
      fullName: near(fc.string()),
      coachRole: near(fc.constantFrom("head", "assistant", null)),
      team: near(fc.option(team, { nil: null })),
      jerseyNumber: near(fc.option(fc.oneof({ arbitrary: fc.integer(), weight: 5 }, fc.double()), { nil: null })),
      primaryPosition: near(fc.option(fc.string(), { nil: null })),
      positions: near(
        fc.oneof({ arbitrary: fc.array(fc.string()), weight: 5 }, fc.array(fc.oneof(fc.string(), fc.integer()))),
      ),
      photoUrl: near(fc.option(fc.string(), { nil: null })),
      waitingForCoach: near(fc.boolean()),
      formerTeam: near(fc.option(fc.record({ name: near(fc.string()), leftAt: near(fc.string()) }), { nil: null })),
      operator: near(fc.boolean()),
    });
    let read = 0;
    fc.assert(
      fc.property(user, (candidate) => {
        // Through JSON, as an answer arrives: no undefined values, no -0.
        const payload: unknown = JSON.parse(JSON.stringify({ user: candidate }));
        const expected = bySchema(payload);
        expect(parseMeResponse(payload)).toEqual(expected);
        if (expected) read += 1;
      }),
      { numRuns: 2000 },
    );
    // Both outcomes were tried many times, not only refusals.
    expect(read).toBeGreaterThan(100);
    expect(read).toBeLessThan(1900);
  });
});
