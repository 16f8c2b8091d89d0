import { describe, expect, it } from "vitest";
import { afterLoginPath, dashboardPath, isGuardedPath, loginPathFor, safeNextPath } from "./session-paths";

describe("safeNextPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeNextPath("/coach/leaderboard")).toBe("/coach/leaderboard");
    expect(safeNextPath("/coach/player-detail/42?tab=stats#plays")).toBe("/coach/player-detail/42?tab=stats#plays");
  });

  it.each([
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["https://evil.example"],
    ["javascript:alert(1)"],
    ["coach/dashboard"],
    [""],
    ["/coach\n/dashboard"],
    ["/login"],
    ["/login?next=/x"],
    ["/signup"],
  ])("refuses %j", (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it("refuses a missing value", () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });
});

describe("afterLoginPath", () => {
  it("follows a safe next path meant for the role", () => {
    expect(afterLoginPath("coach", "/coach/log")).toBe("/coach/log");
    expect(afterLoginPath("player", "/player/logs")).toBe("/player/logs");
    expect(afterLoginPath("player", "/pricing")).toBe("/pricing");
  });

  it("falls back to the role's dashboard", () => {
    expect(afterLoginPath("coach", null)).toBe("/coach/dashboard");
    expect(afterLoginPath("player", "//evil.example")).toBe("/player/dashboard");
    expect(afterLoginPath("player", "/coach/dashboard")).toBe("/player/dashboard");
    expect(afterLoginPath("coach", "/player")).toBe("/coach/dashboard");
  });
});

describe("paths", () => {
  it("names each role's dashboard", () => {
    expect(dashboardPath("coach")).toBe("/coach/dashboard");
    expect(dashboardPath("player")).toBe("/player/dashboard");
  });

  it("builds the login URL with the asked path encoded", () => {
    expect(loginPathFor("/coach/player/7?x=1")).toBe("/login?next=%2Fcoach%2Fplayer%2F7%3Fx%3D1");
  });

  it("knows the guarded areas", () => {
    expect(isGuardedPath("/coach/dashboard")).toBe(true);
    expect(isGuardedPath("/player")).toBe(true);
    expect(isGuardedPath("/players")).toBe(false);
    expect(isGuardedPath("/")).toBe(false);
    expect(isGuardedPath("/pricing")).toBe(false);
  });
});
