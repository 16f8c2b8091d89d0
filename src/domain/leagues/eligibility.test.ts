import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  approvedAfterLock,
  eligibilityProblems,
  joinedAfterLock,
  joinedOn,
  type DivisionRules,
  type RosterApproval,
  type RosterPlayer,
} from "./eligibility.js";

describe("a team's eligibility in its division", () => {
  const division: DivisionRules = {
    name: "10U",
    ageCutoff: "2016-09-01",
    rosterLock: "2027-03-01",
    timeZone: "America/Chicago",
  };
  const player = (over: Partial<RosterPlayer> & { id: string }): RosterPlayer => ({
    name: over.id,
    birthDate: "2017-01-15",
    joinedAt: "2027-01-10T15:00:00.000Z",
    ...over,
  });
  const kinds = (roster: RosterPlayer[], approvals: RosterApproval[] = []) =>
    eligibilityProblems(division, roster, approvals).map((p) => [p.playerId, p.problems.map((x) => x.kind)]);

  it("lists a player born before the cutoff (playing down); one born on it or after plays, up included", () => {
    expect(
      kinds([
        player({ id: "old", birthDate: "2016-08-31" }),
        player({ id: "on the day", birthDate: "2016-09-01" }),
        player({ id: "plays up", birthDate: "2020-05-05" }),
      ]),
    ).toEqual([["old", ["too_old"]]]);
  });

  it("lists a player with no birth date when the division has a cutoff, and nobody's age without one", () => {
    const roster = [player({ id: "unknown", birthDate: null }), player({ id: "old", birthDate: "2001-01-01" })];
    expect(kinds(roster)).toEqual([
      ["old", ["too_old"]],
      ["unknown", ["no_birth_date"]],
    ]);
    expect(eligibilityProblems({ ...division, ageCutoff: null }, roster, [])).toEqual([]);
  });

  it("reads the day a player joined in the league's zone, and the lock day itself is still open", () => {
    // 2027-03-02 03:00 UTC is still 1 March in Chicago: the lock day.
    expect(joinedOn("2027-03-02T03:00:00.000Z", "America/Chicago")).toBe("2027-03-01");
    expect(joinedAfterLock({ joinedAt: "2027-03-02T03:00:00.000Z" }, division)).toBe(false);
    expect(joinedAfterLock({ joinedAt: "2027-03-02T07:00:00.000Z" }, division)).toBe(true);
    expect(joinedAfterLock({ joinedAt: "2030-01-01T00:00:00.000Z" }, { ...division, rosterLock: null })).toBe(false);
  });

  it("lists a player who joined after the lock as waiting for the league until it approves them", () => {
    const late = player({ id: "late", joinedAt: "2027-03-05T16:00:00.000Z" });
    expect(eligibilityProblems(division, [late], [])).toEqual([
      {
        playerId: "late",
        name: "late",
        birthDate: "2017-01-15",
        problems: [{ kind: "awaiting_approval", joinedOn: "2027-03-05", note: null }],
      },
    ]);
    const approved: RosterApproval = { playerId: "late", decision: "approved", joinedAt: late.joinedAt, note: null };
    expect(kinds([late], [approved])).toEqual([]);
  });

  it("lists a rejected player with the league's note, as not eligible", () => {
    const late = player({ id: "late", joinedAt: "2027-03-05T16:00:00.000Z" });
    const rejected: RosterApproval = {
      playerId: "late",
      decision: "rejected",
      joinedAt: late.joinedAt,
      note: "Rosters closed",
    };
    expect(eligibilityProblems(division, [late], [rejected])[0]!.problems).toEqual([
      { kind: "rejected", joinedOn: "2027-03-05", note: "Rosters closed" },
    ]);
  });

  it("counts a decision for the joining it was about only: a player taken off and added again waits again", () => {
    const again = player({ id: "back", joinedAt: "2027-04-01T16:00:00.000Z" });
    const earlier: RosterApproval = {
      playerId: "back",
      decision: "approved",
      joinedAt: "2027-03-05T16:00:00.000Z",
      note: null,
    };
    expect(kinds([again], [earlier])).toEqual([["back", ["awaiting_approval"]]]);
  });

  it("gives a player every problem they have, and an approval clears only the lock's", () => {
    const both = player({ id: "both", birthDate: "2010-01-01", joinedAt: "2027-03-05T16:00:00.000Z" });
    expect(kinds([both])).toEqual([["both", ["too_old", "awaiting_approval"]]]);
    const approved: RosterApproval = { playerId: "both", decision: "approved", joinedAt: both.joinedAt, note: null };
    expect(kinds([both], [approved])).toEqual([["both", ["too_old"]]]);
  });

  it("lists the approved late joinings apart (the admins may take an approval back), and no other player", () => {
    const late = player({ id: "late", name: "Lena L.", joinedAt: "2027-03-05T16:00:00.000Z" });
    const back = player({ id: "back", joinedAt: "2027-04-01T16:00:00.000Z" });
    const turnedDown = player({ id: "turned down", joinedAt: "2027-03-06T16:00:00.000Z" });
    const onTime = player({ id: "on time" });
    const approvals: RosterApproval[] = [
      { playerId: "late", decision: "approved", joinedAt: late.joinedAt, note: null },
      // About an earlier joining: this one waits again.
      { playerId: "back", decision: "approved", joinedAt: "2027-03-05T16:00:00.000Z", note: null },
      { playerId: "turned down", decision: "rejected", joinedAt: turnedDown.joinedAt, note: null },
    ];
    expect(approvedAfterLock(division, [onTime, turnedDown, back, late], approvals)).toEqual([
      { playerId: "late", name: "Lena L.", joinedOn: "2027-03-05" },
    ]);
    // A lock moved past the joining: nothing left for the league to decide.
    expect(approvedAfterLock({ ...division, rosterLock: "2027-03-10" }, [late], approvals)).toEqual([]);
  });

  it("never lists a player born on or after the cutoff who joined by the lock day, whatever else holds", () => {
    const day = fc.date({ min: new Date("2000-01-01"), max: new Date("2040-12-31"), noInvalidDate: true });
    fc.assert(
      fc.property(day, day, day, day, (cutoff, born, lock, joined) => {
        const rules = {
          ...division,
          ageCutoff: cutoff.toISOString().slice(0, 10),
          rosterLock: lock.toISOString().slice(0, 10),
          timeZone: "UTC",
        };
        const p = player({ id: "p", birthDate: born.toISOString().slice(0, 10), joinedAt: joined.toISOString() });
        const listed = eligibilityProblems(rules, [p], []).length > 0;
        const fine = p.birthDate! >= rules.ageCutoff && p.joinedAt.slice(0, 10) <= rules.rosterLock;
        return listed === !fine;
      }),
    );
  });
});
