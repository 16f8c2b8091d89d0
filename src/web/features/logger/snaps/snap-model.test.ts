import { describe, expect, it } from "vitest";
import { gameSheetResponseSchema, type GameSheetResponse, type SnapDto } from "#domain/api/game";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules";
import { snapPointsText, type SnapDetail } from "#domain/snaps";
import type { OutboxItem } from "../outbox/outbox";
import {
  byPeriod,
  gameScore,
  lineups,
  playerLabeler,
  queuedSessionIds,
  rememberedPasser,
  rememberedRunner,
  rememberedTry,
  snapRows,
  tryPreset,
  undoStep,
  undoTarget,
  withAppliedSnaps,
  withQueuedSessions,
  type PadAction,
  type SnapRow,
} from "./snap-model";

const RULES = DEFAULT_LEAGUE_RULES;
const base = { ownerId: "c", error: null, attempts: 0, queuedAt: "" } as const;
const pass = (
  targetId: string,
  result: "complete" | "touchdown" | "incomplete",
  yards: number | null = 10,
): SnapDetail => ({
  kind: "pass",
  passerId: "qb7",
  targetId,
  result,
  yards,
});

function serverSnap(id: string, at: string, detail: SnapDetail, extra: Partial<SnapDto> = {}): SnapDto {
  const points =
    detail.kind === "pass" && detail.result === "touchdown"
      ? { us: 6, them: 0 }
      : detail.kind === "opponent_score"
        ? { us: 0, them: 6 }
        : { us: 0, them: 0 };
  return {
    id,
    sessionId: "s1",
    playId: null,
    period: 1,
    firstDown: false,
    occurredAt: at,
    detail,
    points,
    loggedBy: { id: "coach-2", name: "Robin Assistant" },
    editedAt: null,
    lineup: null,
    ...extra,
  };
}

function queuedSnap(seq: number, id: string, at: string, detail: SnapDetail, state: "pending" | "failed" = "pending") {
  return {
    ...base,
    seq,
    state,
    error: state === "failed" ? "This player is not on your team." : null,
    op: "snap",
    snap: { id, sessionId: "s1", playId: null, period: 2, firstDown: false, occurredAt: at, detail },
    view: { text: "" },
  } as OutboxItem;
}

const edit = (seq: number, snapId: string, detail: SnapDetail, state: "pending" | "failed" = "pending") =>
  ({
    ...base,
    seq,
    state,
    error: state === "failed" ? "Choose the receiver." : null,
    op: "snap-edit",
    snapId,
    sessionId: "s1",
    edit: { playId: null, period: 1, firstDown: false, detail },
    view: { text: "" },
  }) as OutboxItem;

const del = (seq: number, snapId: string) =>
  ({ ...base, seq, state: "pending", op: "snap-delete", snapId, sessionId: "s1", view: { text: "" } }) as OutboxItem;

const final = (seq: number, score: { us: number; them: number } | null) =>
  ({ ...base, seq, state: "pending", op: "final", sessionId: "s1", score, view: { label: "" } }) as OutboxItem;

describe("snapRows: the server's snaps with the outbox laid over them", () => {
  const server = [
    serverSnap("a", "2026-10-03T10:00:00.000Z", pass("wr11", "complete", 12)),
    serverSnap("b", "2026-10-03T10:01:00.000Z", pass("wr14", "touchdown", 30)),
    serverSnap("c", "2026-10-03T10:02:00.000Z", { kind: "opponent_score", score: "touchdown" }),
  ];

  it("in game order; waiting deletes hide, waiting edits show (pending), queued snaps join, refused ones say why", () => {
    const rows = snapRows(
      server,
      [
        del(1, "c"),
        edit(2, "a", pass("wr11", "touchdown", 40)),
        queuedSnap(3, "d", "2026-10-03T10:03:00.000Z", { kind: "flag_pull", defenderId: "cb24", yards: null }),
        queuedSnap(4, "e", "2026-10-03T09:59:00.000Z", pass("gone", "complete"), "failed"),
        edit(5, "b", pass("wr14", "complete", 3), "failed"),
      ],
      "s1",
      RULES,
    );
    expect(rows.map((r) => [r.id, r.status, r.edited])).toEqual([
      ["e", "failed", false],
      ["a", "pending", true],
      ["b", "synced", false],
      ["d", "pending", false],
    ]);
    // The waiting edit made "a" a touchdown: its points follow.
    expect(rows[1]!.points).toEqual({ us: 6, them: 0 });
    expect(rows[1]!.loggedBy?.name).toBe("Robin Assistant");
    expect(rows[3]).toMatchObject({ loggedBy: null, seq: 3, period: 2 });
    expect(rows[0]!.error).toBe("This player is not on your team.");
    expect(rows[2]!.editProblem).toEqual({ seq: 5, message: "Choose the receiver." });
  });

  it("keeps the server's points for its unedited snaps (rules changed since do not rewrite them)", () => {
    const rows = snapRows(
      [serverSnap("a", "t", pass("wr11", "touchdown"), { points: { us: 7, them: 0 } })],
      [],
      "s1",
      RULES,
    );
    expect(rows[0]!.points).toEqual({ us: 7, them: 0 });
  });

  it("shows what was just applied until the server's list has it, once", () => {
    const sent = queuedSnap(9, "z", "2026-10-03T11:00:00.000Z", pass("wr11", "complete", 5));
    const rows = snapRows(server, [], "s1", RULES, [sent, del(10, "a")]);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ["b", "synced"],
      ["c", "synced"],
      ["z", "synced"],
    ]);
    expect(
      snapRows([...server, serverSnap("z", "2026-10-03T11:00:00.000Z", pass("wr11", "complete", 5))], [], "s1", RULES, [
        sent,
      ]).filter((r) => r.id === "z"),
    ).toHaveLength(1);
  });

  it("ignores other sessions' snaps", () => {
    const other = { ...queuedSnap(1, "x", "t", pass("wr11", "complete")) } as OutboxItem & { op: "snap" };
    other.snap = { ...other.snap, sessionId: "s2" };
    expect(snapRows([], [other], "s1", RULES)).toEqual([]);
  });
});

describe("gameScore: the scoreboard overlay", () => {
  const rows = snapRows(
    [
      serverSnap("a", "2026-10-03T10:00:00.000Z", pass("wr11", "touchdown")),
      serverSnap("b", "2026-10-03T10:01:00.000Z", { kind: "opponent_score", score: "touchdown" }),
    ],
    [
      queuedSnap(1, "c", "2026-10-03T10:02:00.000Z", {
        kind: "try",
        points: 2,
        method: "pass",
        good: true,
        passerId: "qb7",
        scorerId: "wr11",
      }),
      queuedSnap(2, "d", "2026-10-03T10:03:00.000Z", pass("wr11", "touchdown"), "failed"),
      del(3, "b"),
    ],
    "s1",
    RULES,
  );

  it("sums the snaps on screen (server + waiting creates, edits and deletes), not the refused ones", () => {
    expect(gameScore(rows, RULES, null, [], "s1")).toEqual({
      us: 8,
      them: 0,
      final: null,
      finalPending: false,
      down: null,
      period: 2,
    });
  });

  it("the final score: a waiting one wins, then one just applied, then the server's", () => {
    expect(gameScore(rows, RULES, { us: 8, them: 6 }, [], "s1").final).toEqual({ us: 8, them: 6 });
    expect(gameScore(rows, RULES, { us: 8, them: 6 }, [final(4, null)], "s1")).toMatchObject({
      final: null,
      finalPending: true,
    });
    expect(gameScore(rows, RULES, null, [final(4, { us: 9, them: 0 })], "s1").final).toEqual({ us: 9, them: 0 });
    expect(gameScore(rows, RULES, null, [], "s1", [final(4, { us: 8, them: 1 })])).toMatchObject({
      final: { us: 8, them: 1 },
      finalPending: false,
    });
  });

  it("says the down when the league tracks downs", () => {
    const offense = snapRows(
      [
        serverSnap("a", "2026-10-03T10:00:00.000Z", pass("wr11", "complete", 4)),
        serverSnap("b", "2026-10-03T10:01:00.000Z", pass("wr11", "incomplete", null)),
      ],
      [],
      "s1",
      RULES,
    );
    expect(gameScore(offense, { ...RULES, trackDowns: true }, null, [], "s1").down).toBe("3rd & midfield");
    expect(gameScore(offense, RULES, null, [], "s1").down).toBeNull();
  });
});

describe("withAppliedSnaps: the cached sheet after a send", () => {
  const sheet: GameSheetResponse = gameSheetResponseSchema.parse({
    scoreboard: {
      sessionId: "s1",
      kind: "game",
      date: "2026-10-03",
      opponent: "Eagles",
      homeAway: null,
      score: { us: 6, them: 0 },
      final: null,
      result: null,
      period: 1,
      periodLabel: "1st half",
      down: null,
      snapCount: 1,
    },
    rules: RULES,
    snaps: [serverSnap("a", "2026-10-03T10:00:00.000Z", pass("wr11", "touchdown"))],
    players: [],
  });
  const me = { id: "coach-1", name: "Casey Coach" };

  it("adds created snaps, rewrites edited ones, drops deleted ones and records a final score", () => {
    const next = withAppliedSnaps(
      sheet,
      [
        queuedSnap(1, "b", "2026-10-03T09:00:00.000Z", pass("wr14", "complete", 5)),
        edit(2, "a", pass("wr11", "complete", 30)),
        final(3, { us: 0, them: 0 }),
      ],
      me,
      "2026-10-03T12:00:00.000Z",
    );
    expect(next.snaps.map((s) => [s.id, s.points.us, s.editedAt, s.loggedBy.name])).toEqual([
      ["b", 0, null, "Casey Coach"],
      ["a", 0, "2026-10-03T12:00:00.000Z", "Robin Assistant"],
    ]);
    expect(next.scoreboard.final).toMatchObject({ us: 0, them: 0, corrected: true, endedBy: "Casey Coach" });
    expect(withAppliedSnaps(next, [del(4, "b"), final(5, null)], me).snaps.map((s) => s.id)).toEqual(["a"]);
    expect(withAppliedSnaps(sheet, [], me)).toBe(sheet);
  });
});

describe("lineups, the remembered passer and runner, labels", () => {
  const p = (id: string, position: string, jerseyNumber: number | string = 1) => ({
    id,
    name: id,
    position,
    jerseyNumber,
  });
  const roster = [
    p("qb7", "qb", 7),
    p("wr11", "wr", 11),
    p("cb24", "cb", 24),
    p("any5", "unknown", 5),
    p("wr9", "wr", 9),
  ];

  it("players marked present, split by side; no position in both; absent hidden", () => {
    const marks = [
      { playerId: "qb7", present: true },
      { playerId: "wr11", present: true },
      { playerId: "cb24", present: true },
      { playerId: "any5", present: true },
      { playerId: "wr9", present: false },
    ];
    const l = lineups(roster, marks);
    expect(l.offense.map((x) => x.id)).toEqual(["qb7", "wr11", "any5"]);
    expect(l.defense.map((x) => x.id)).toEqual(["cb24", "any5"]);
  });

  it("once anyone is marked present, the unmarked stay off; with nobody present yet, everyone not absent", () => {
    expect(lineups(roster, [{ playerId: "qb7", present: true }]).available.map((x) => x.id)).toEqual(["qb7"]);
    expect(lineups(roster, [{ playerId: "wr9", present: false }]).available.map((x) => x.id)).toEqual([
      "qb7",
      "wr11",
      "cb24",
      "any5",
    ]);
    expect(lineups(roster, []).available).toHaveLength(5);
  });

  it("the passer is the last one who threw, else the QB; the runner the last one who ran", () => {
    const rows = snapRows(
      [
        serverSnap("a", "1", {
          kind: "pass",
          passerId: "wr11",
          targetId: "qb7",
          result: "complete",
          yards: 4,
        }),
        serverSnap("b", "2", { kind: "run", runnerId: "wr9", yards: 3, touchdown: false }),
        serverSnap("c", "3", { kind: "flag_pull", defenderId: "cb24", yards: null }),
      ],
      [],
      "s1",
      RULES,
    );
    expect(rememberedPasser(rows, roster, roster)).toBe("wr11");
    expect(rememberedPasser([], roster.slice(1), roster)).toBe("qb7");
    expect(rememberedPasser([], [], [p("wr1", "wr")])).toBeNull();
    expect(rememberedRunner(rows, roster)).toBe("wr9");
    expect(rememberedRunner(rows, roster.slice(0, 2))).toBeNull();
  });

  it("labels players by number, by name without one, and a player gone from the team from the sheet", () => {
    const label = playerLabeler(
      [p("qb7", "qb", 7), { ...p("nn", "wr", "N/A"), name: "No Number" }],
      [{ id: "old", name: "Old Timer", jerseyNumber: 42, position: "wr" }],
    );
    expect([label("qb7"), label("nn"), label("old"), label("who")]).toEqual([
      "#7",
      "No Number",
      "#42",
      "Former player",
    ]);
    expect([
      snapPointsText({ us: 6, them: 0 }),
      snapPointsText({ us: 0, them: 2 }),
      snapPointsText({ us: 0, them: 0 }),
    ]).toEqual(["+6", "Opp +2", null]);
  });
});

describe("undo target, play-by-play groups and queued sessions", () => {
  const rows = snapRows(
    [
      serverSnap("a", "2026-10-03T10:00:00.000Z", pass("wr11", "complete"), { loggedBy: { id: "me", name: "Me" } }),
      serverSnap("b", "2026-10-03T10:01:00.000Z", pass("wr11", "complete"), { period: 2 }),
    ],
    [],
    "s1",
    RULES,
  );

  it("Undo takes back the newest snap this coach logged, not another coach's", () => {
    expect(undoTarget(rows, "me")?.id).toBe("a");
    expect(undoTarget(rows, "coach-2")?.id).toBe("b");
    expect(
      undoTarget([...rows, ...snapRows([], [queuedSnap(1, "c", "x", pass("wr11", "complete"))], "s1", RULES)], "me")
        ?.id,
    ).toBe("c");
    expect(undoTarget(rows, "nobody")).toBeNull();
  });

  it("Undo follows the last action: a delete before the snap logged before it, and only what is still possible", () => {
    const [a, b] = rows as [SnapRow, SnapRow];
    const removal = { dropped: [], deleteSeq: 9 };
    const history: PadAction[] = [
      { kind: "log", snapId: "a" },
      { kind: "delete", row: b, removal },
    ];
    // b is gone: its delete is what Undo takes back.
    expect(undoStep(history, [a], "me")).toEqual({ kind: "delete", row: b, removal, index: 1 });
    // b is back (restored by someone): the log of a is next.
    expect(undoStep(history, rows, "me")).toEqual({ kind: "log", row: a, index: 0 });
    const before = { playId: null, period: 1, firstDown: false, detail: pass("wr14", "complete") };
    expect(undoStep([...history, { kind: "edit", snapId: "a", before }], [a], "me")).toEqual({
      kind: "edit",
      row: a,
      before,
      index: 2,
    });
    // Nothing of this page left to take back: the newest snap this coach logged.
    expect(undoStep([{ kind: "log", snapId: "gone" }], rows, "me")).toEqual({ kind: "log", row: a, index: -1 });
    expect(undoStep([], rows, "nobody")).toBeNull();
  });

  it("a snap created again after its delete (sent or waiting) is in the play-by-play again", () => {
    const snap = queuedSnap(1, "c", "2026-10-03T10:02:00.000Z", pass("wr11", "complete"));
    const del = {
      ...base,
      seq: 2,
      state: "pending",
      op: "snap-delete",
      snapId: "c",
      sessionId: "s1",
      view: { text: "" },
    };
    const again = { ...snap, seq: 3 } as OutboxItem;
    const ids = (items: OutboxItem[], applied: OutboxItem[]) =>
      snapRows([], items, "s1", RULES, applied).map((r) => r.id);
    expect(ids([], [snap, del as OutboxItem])).toEqual([]);
    expect(ids([again], [snap, del as OutboxItem])).toEqual(["c"]);
    expect(ids([], [snap, del as OutboxItem, again])).toEqual(["c"]);
    expect(ids([del as OutboxItem, again], [snap])).toEqual(["c"]);
    expect(ids([snap, del as OutboxItem], [])).toEqual([]);
  });

  it("the try preset: the last try's method and scorer, else the touchdown's scorer; none after a pick-six", () => {
    const td = pass("wr11", "touchdown");
    expect(tryPreset(td, "qb7", null)).toEqual({ method: "pass", passerId: "qb7", scorerId: "wr11" });
    const last = { method: "pass" as const, passerId: "qb7", scorerId: "wr14" };
    expect(tryPreset(td, "qb7", last)).toEqual({ method: "pass", passerId: "qb7", scorerId: "wr14" });
    const pickSix: SnapDetail = { kind: "interception", defenderId: "s31", returnTouchdown: true, yards: 30 };
    expect(tryPreset(pickSix, "qb7", null)).toEqual({ method: "pass", passerId: "qb7", scorerId: null });
    expect(tryPreset(pickSix, "qb7", last)).toEqual({ method: "pass", passerId: "qb7", scorerId: "wr14" });
    const run: SnapDetail = { kind: "run", runnerId: "rb22", yards: 5, touchdown: true };
    expect(tryPreset(run, "qb7", null)).toEqual({ method: "run", passerId: "qb7", scorerId: "rb22" });
    // A team that goes for its try by pass after a run touchdown too: the last try's receiver.
    expect(tryPreset(run, "qb7", last)).toEqual({ method: "pass", passerId: "qb7", scorerId: "wr14" });
    // Never the passer as his own receiver.
    expect(tryPreset(td, "qb7", { ...last, scorerId: "qb7" })).toEqual({
      method: "pass",
      passerId: "qb7",
      scorerId: null,
    });
    const tries = snapRows(
      [
        serverSnap("t", "2026-10-03T10:05:00.000Z", {
          kind: "try",
          points: 2,
          method: "run",
          good: true,
          passerId: null,
          scorerId: "gone",
        }),
      ],
      [],
      "s1",
      RULES,
    );
    expect(rememberedTry(tries, [{ id: "rb22", name: "", position: "rb", jerseyNumber: 22 }])).toEqual({
      method: "run",
      passerId: null,
      scorerId: null,
    });
    expect(rememberedTry(rows, [])).toBeNull();
  });

  it("groups the play-by-play by period, newest first", () => {
    expect(byPeriod(rows, RULES).map((g) => [g.label, g.rows.map((r) => r.id)])).toEqual([
      ["2nd half", ["b"]],
      ["1st half", ["a"]],
    ]);
  });

  it("lists sessions started on this phone before the server has them", () => {
    const started = {
      ...base,
      seq: 1,
      state: "pending",
      op: "session",
      session: { id: "new", kind: "game", date: "2026-10-03", opponent: "Eagles", location: null, homeAway: "away" },
      view: { label: "Game vs Eagles" },
    } as OutboxItem;
    const server = [
      {
        id: "t",
        kind: "practice",
        date: "2026-10-03",
        opponent: null,
        location: null,
        eventCount: 0,
        presentCount: 0,
        attendanceCount: 0,
      },
      {
        id: "old",
        kind: "game",
        date: "2026-09-01",
        opponent: null,
        location: null,
        eventCount: 0,
        presentCount: 0,
        attendanceCount: 0,
      },
    ] as const;
    expect(withQueuedSessions(server, [started]).map((s) => s.id)).toEqual(["new", "t", "old"]);
    expect(withQueuedSessions([...server, { ...server[0], id: "new" }], [started]).map((s) => s.id)).toEqual([
      "t",
      "old",
      "new",
    ]);
    expect([...queuedSessionIds([started])]).toEqual(["new"]);
  });
});
