import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_TO, readDetailState } from "./detail-state";

const summary = {
  id: "p1",
  name: "Ada",
  position: "qb",
  positionGroup: "offense",
  jerseyNumber: 7,
  performanceScore: 3.1,
  eventCount: 2,
  attendancePercentage: 50,
  teamRanking: 1,
  lastActive: null,
  stats: {
    totalEvents: 2,
    passingYards: 0,
    receivingYards: 0,
    rushingYards: 0,
    touchdowns: 0,
    flagPulls: 0,
    interceptions: 0,
  },
  photoUrl: null,
};

describe("readDetailState", () => {
  it("follows a coach return target", () => {
    expect(readDetailState({ returnTo: "/coach/team-roster" }, "p1").returnTo).toBe("/coach/team-roster");
    expect(readDetailState({ returnTo: "/coach/leaderboard" }, "p1").returnTo).toBe("/coach/leaderboard");
  });

  it("goes to the leaderboard without state or for any other target", () => {
    for (const state of [
      null,
      undefined,
      "x",
      {},
      { returnTo: 5 },
      { returnTo: "/" },
      { returnTo: "/player/dashboard" },
      { returnTo: "https://evil.example/coach/" },
      { returnTo: "//evil.example/coach/x" },
      { returnTo: "/coachx" },
      { returnTo: "/coach/\u0000x" },
    ]) {
      expect(readDetailState(state, "p1").returnTo).toBe(DEFAULT_RETURN_TO);
    }
  });

  it("uses the passed summary only when it is this player's and well formed", () => {
    expect(readDetailState({ player: summary }, "p1").player).toEqual(summary);
    expect(readDetailState({ player: summary }, "p2").player).toBeNull();
    expect(readDetailState({ player: { ...summary, name: 1 } }, "p1").player).toBeNull();
    expect(readDetailState({ player: { id: "p1" } }, "p1").player).toBeNull();
  });
});
