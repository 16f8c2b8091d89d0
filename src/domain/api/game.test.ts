import { describe, expect, it } from "vitest";
import type { SnapDetail } from "../snaps.js";
import type { z } from "../zod.js";
import { editSnapSchema, newSnapSchema, postSnapsSchema, snapDetailSchema } from "./game.js";
import { MAX_SNAPS_PER_REQUEST } from "../limits.js";

/** [path, message] of every issue, or [] when the value is accepted. */
const issues = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

const QB = "qb-7";
const WR = "wr-11";
const pass = (fields: Record<string, unknown>) => ({
  kind: "pass",
  passerId: QB,
  targetId: WR,
  result: "complete",
  yards: 12,
  ...fields,
});

describe("snapDetailSchema: refusals say what is wrong", () => {
  it("an unknown kind of snap, or none", () => {
    expect(issues(snapDetailSchema, { kind: "punt" })).toEqual([["kind", "Unknown kind of snap."]]);
    expect(issues(snapDetailSchema, {})).toEqual([["kind", "Unknown kind of snap."]]);
    expect(issues(snapDetailSchema, null).length).toBeGreaterThan(0);
  });

  it("a completion, touchdown or drop without a receiver", () => {
    expect(issues(snapDetailSchema, pass({ targetId: null }))).toEqual([["targetId", "Choose the receiver."]]);
    expect(issues(snapDetailSchema, pass({ result: "touchdown", targetId: null }))).toEqual([
      ["targetId", "Choose the receiver."],
    ]);
    expect(issues(snapDetailSchema, pass({ result: "drop", targetId: null, yards: null }))).toEqual([
      ["targetId", "Choose the receiver."],
    ]);
    expect(issues(snapDetailSchema, pass({ targetId: undefined }))).toEqual([["targetId", "Receiver is required."]]);
  });

  it("a passer throwing to himself", () => {
    expect(issues(snapDetailSchema, pass({ targetId: QB }))).toEqual([
      ["targetId", "The passer cannot throw to himself."],
    ]);
    expect(
      issues(snapDetailSchema, { kind: "try", points: 2, method: "pass", good: true, passerId: QB, scorerId: QB }),
    ).toEqual([["scorerId", "The passer cannot throw to himself."]]);
  });

  it("an incompletion, a drop or an interception thrown with yards", () => {
    expect(issues(snapDetailSchema, pass({ result: "incomplete", yards: 5 }))).toEqual([
      ["yards", "An incomplete pass gains no yards."],
    ]);
    expect(issues(snapDetailSchema, pass({ result: "drop", yards: 5 }))).toEqual([
      ["yards", "An incomplete pass gains no yards."],
    ]);
    expect(issues(snapDetailSchema, pass({ result: "intercepted", yards: 5 }))).toEqual([
      ["yards", "An intercepted pass gains no yards."],
    ]);
  });

  it("yards that are not a whole number in range", () => {
    expect(issues(snapDetailSchema, pass({ yards: 5.5 }))).toEqual([["yards", "Yards must be a whole number."]]);
    expect(issues(snapDetailSchema, pass({ yards: "12" }))).toEqual([["yards", "Yards must be a number."]]);
    expect(issues(snapDetailSchema, pass({ yards: 151 }))).toEqual([["yards", "Yards must be between -99 and 150."]]);
    expect(issues(snapDetailSchema, pass({ yards: -100 }))).toEqual([["yards", "Yards must be between -99 and 150."]]);
    expect(issues(snapDetailSchema, { kind: "run", runnerId: "rb", yards: Number.NaN, touchdown: false })).toEqual([
      ["yards", "Yards must be a number."],
    ]);
    expect(issues(snapDetailSchema, { kind: "penalty", on: "us", yards: 51, effect: "none", playerId: null })).toEqual([
      ["yards", "Penalty yards must be from 0 to 50."],
    ]);
  });

  it("missing or malformed fields, named", () => {
    expect(issues(snapDetailSchema, pass({ passerId: "" }))).toEqual([["passerId", "Passer is required."]]);
    expect(issues(snapDetailSchema, pass({ passerId: "x".repeat(129) }))).toEqual([
      ["passerId", "That is not a player id."],
    ]);
    expect(issues(snapDetailSchema, pass({ result: "fumble" }))).toEqual([
      ["result", "Choose what happened to the pass."],
    ]);
    expect(issues(snapDetailSchema, { kind: "run", runnerId: "rb", yards: 3, touchdown: "no" })).toEqual([
      ["touchdown", "Touchdown must be true or false."],
    ]);
    expect(
      issues(snapDetailSchema, { kind: "try", points: 3, method: "run", good: true, passerId: null, scorerId: null }),
    ).toEqual([["points", "A try is for 1 or 2 points."]]);
    expect(
      issues(snapDetailSchema, { kind: "try", points: 1, method: "kick", good: true, passerId: null, scorerId: null }),
    ).toEqual([["method", "Choose pass or run."]]);
    expect(issues(snapDetailSchema, { kind: "penalty", on: "ref", yards: 5, effect: "none", playerId: null })).toEqual([
      ["on", "Choose who the penalty is on."],
    ]);
    expect(issues(snapDetailSchema, { kind: "penalty", on: "us", yards: 5, effect: "replay", playerId: null })).toEqual(
      [["effect", "Choose none, loss of down or first down."]],
    );
    expect(issues(snapDetailSchema, { kind: "opponent_score", score: "field_goal" })).toEqual([
      ["score", "Choose touchdown, try for 1, try for 2 or safety."],
    ]);
    expect(issues(snapDetailSchema, { kind: "sack" })).toEqual([["defenderId", "Defender is required."]]);
  });

  it("a run try with a passer, a penalty on them that names one of our players", () => {
    expect(
      issues(snapDetailSchema, { kind: "try", points: 1, method: "run", good: true, passerId: QB, scorerId: "rb" }),
    ).toEqual([["passerId", "A run try has no passer."]]);
    expect(issues(snapDetailSchema, { kind: "penalty", on: "them", yards: 5, effect: "none", playerId: WR })).toEqual([
      ["playerId", "A penalty on them names none of our players."],
    ]);
  });
});

describe("snapDetailSchema: accepted examples", () => {
  const accepted: SnapDetail[] = [
    { kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: 12 },
    { kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: null },
    { kind: "pass", passerId: QB, targetId: WR, result: "touchdown", yards: 35 },
    { kind: "pass", passerId: QB, targetId: null, result: "incomplete", yards: null },
    { kind: "pass", passerId: QB, targetId: WR, result: "drop", yards: null },
    { kind: "pass", passerId: QB, targetId: null, result: "intercepted", yards: null },
    { kind: "run", runnerId: "rb", yards: -99, touchdown: false },
    { kind: "run", runnerId: "rb", yards: 150, touchdown: true },
    { kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: "rb" },
    { kind: "try", points: 2, method: "pass", good: false, passerId: QB, scorerId: WR },
    { kind: "penalty", on: "us", yards: 0, effect: "loss_of_down", playerId: WR },
    { kind: "penalty", on: "them", yards: 50, effect: "first_down", playerId: null },
    { kind: "flag_pull", defenderId: "cb", yards: null },
    { kind: "sack", defenderId: "cb" },
    { kind: "interception", defenderId: "cb", returnTouchdown: true, yards: 40 },
    { kind: "pass_defended", defenderId: "cb" },
    { kind: "stop", defenderId: "cb" },
    { kind: "safety", defenderId: null },
    { kind: "opponent_score", score: "try2" },
  ];
  it.each(accepted.map((d) => [d.kind, d] as const))("%s", (_kind, detail) => {
    expect(snapDetailSchema.parse(detail)).toEqual(detail);
  });

  it("drops fields a kind does not have", () => {
    expect(snapDetailSchema.parse({ kind: "sack", defenderId: "cb", yards: 5 })).toEqual({
      kind: "sack",
      defenderId: "cb",
    });
  });
});

describe("newSnapSchema and the batch", () => {
  const ID = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";
  const SESSION = "0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e";
  const snap = (fields: Record<string, unknown> = {}) => ({
    id: ID,
    sessionId: SESSION,
    period: 1,
    occurredAt: "2026-10-03T16:05:00+02:00",
    detail: { kind: "stop", defenderId: "cb" },
    ...fields,
  });

  it("normalises the time to UTC with milliseconds; play and first down are optional", () => {
    expect(newSnapSchema.parse(snap())).toEqual({
      id: ID,
      sessionId: SESSION,
      period: 1,
      occurredAt: "2026-10-03T14:05:00.000Z",
      detail: { kind: "stop", defenderId: "cb" },
    });
    expect(newSnapSchema.parse(snap({ playId: null, firstDown: true }))).toMatchObject({
      playId: null,
      firstDown: true,
    });
  });

  it("refuses a bad id, period or time, and a bad detail under detail", () => {
    expect(issues(newSnapSchema, snap({ id: "snap-1" }))).toEqual([["id", "Snap id must be a UUID."]]);
    expect(issues(newSnapSchema, snap({ period: 0 }))).toEqual([["period", "Period must be from 1 to 8."]]);
    expect(issues(newSnapSchema, snap({ period: 9 }))).toEqual([["period", "Period must be from 1 to 8."]]);
    expect(issues(newSnapSchema, snap({ occurredAt: "2026-10-03 14:05" }))[0]?.[0]).toBe("occurredAt");
    expect(issues(newSnapSchema, snap({ occurredAt: "1999-12-31T23:59:59Z" }))).toEqual([
      ["occurredAt", "That time is before 2000."],
    ]);
    expect(issues(newSnapSchema, snap({ occurredAt: "2999-01-01T00:00:00Z" }))).toEqual([
      ["occurredAt", "That time is in the future."],
    ]);
    expect(issues(newSnapSchema, snap({ detail: pass({ targetId: null }) }))).toEqual([
      ["detail.targetId", "Choose the receiver."],
    ]);
  });

  it("an edit takes the same detail rules", () => {
    expect(issues(editSnapSchema, { period: 2, detail: pass({ result: "incomplete", yards: 3 }) })).toEqual([
      ["detail.yards", "An incomplete pass gains no yards."],
    ]);
  });

  it("a batch holds 1 to 200 snaps", () => {
    expect(issues(postSnapsSchema, { snaps: [] })).toEqual([["snaps", "Send at least one snap."]]);
    expect(issues(postSnapsSchema, { snaps: Array.from({ length: MAX_SNAPS_PER_REQUEST + 1 }, () => snap()) })).toEqual(
      [["snaps", "Send at most 200 snaps at a time."]],
    );
    expect(issues(postSnapsSchema, { snaps: [snap()] })).toEqual([]);
  });
});
