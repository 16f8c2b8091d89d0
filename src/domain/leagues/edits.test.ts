import { describe, expect, it } from "vitest";
import { applyScheduleEdits, type EditableGame, type EditContext } from "./edits.js";

const ctx: EditContext = {
  fields: new Map([
    ["park", { name: "Park", subFields: ["A", "B"] }],
    ["yard", { name: "Yard", subFields: [] }],
  ]),
  teams: new Map([
    ["lions", { divisionId: "10u", name: "Lions" }],
    ["bears", { divisionId: "10u", name: "Bears" }],
    ["cubs", { divisionId: "8u", name: "Cubs" }],
  ]),
};

const game = (id: string, over: Partial<EditableGame> = {}): EditableGame => ({
  id,
  divisionId: "10u",
  round: 1,
  homeTeamId: "lions",
  awayTeamId: "bears",
  fieldId: "park",
  subField: "A",
  date: "2027-05-01",
  startTime: "09:00",
  durationMinutes: 60,
  status: "published",
  played: false,
  ...over,
});

let n = 0;
const newId = () => `new-${(n += 1)}`;

describe("applyScheduleEdits", () => {
  it("swaps two games' places and nothing else", () => {
    const out = applyScheduleEdits(
      [game("g1"), game("g2", { subField: "B", startTime: "10:30", homeTeamId: "bears", awayTeamId: "lions" })],
      [{ kind: "swap", gameId: "g1", otherGameId: "g2" }],
      ctx,
      newId,
    );
    if (!out.ok) throw new Error(out.message);
    const g1 = out.games.find((g) => g.id === "g1")!;
    expect([g1.subField, g1.startTime, g1.homeTeamId]).toEqual(["B", "10:30", "lions"]);
    expect([...out.changed].sort()).toEqual(["g1", "g2"]);
  });

  it("refuses to move a played game and applies none of the changes", () => {
    const games = [game("g1"), game("g2", { played: true })];
    const out = applyScheduleEdits(
      games,
      [
        { kind: "flip", gameId: "g1" },
        {
          kind: "move",
          gameId: "g2",
          fieldId: "yard",
          subField: "",
          date: "2027-05-02",
          startTime: "09:00",
          durationMinutes: 60,
        },
      ],
      ctx,
      newId,
    );
    expect(out).toEqual({ ok: false, status: 409, message: "Lions v Bears has been played: its result stands." });
    expect(games[0]!.homeTeamId).toBe("lions");
  });

  it("checks sub-fields and divisions", () => {
    const move = (subField: string) =>
      applyScheduleEdits(
        [game("g1", { status: "draft" })],
        [
          {
            kind: "move",
            gameId: "g1",
            fieldId: "yard",
            subField,
            date: "2027-05-02",
            startTime: "09:00",
            durationMinutes: 60,
          },
        ],
        ctx,
        newId,
      );
    expect(move("A")).toMatchObject({ ok: false, status: 400, message: "Yard has no sub-fields." });
    expect(move("").ok).toBe(true);
    const cross = applyScheduleEdits(
      [],
      [
        {
          kind: "add",
          divisionId: "10u",
          homeTeamId: "lions",
          awayTeamId: "cubs",
          fieldId: "park",
          subField: "A",
          date: "2027-05-02",
          startTime: "09:00",
          durationMinutes: 60,
        },
      ],
      ctx,
      newId,
    );
    expect(cross).toMatchObject({ ok: false, message: "Both teams must be in the game's division." });
  });

  it("a draft cancelled is removed, a published one is kept cancelled, an added one cancelled is never written", () => {
    const out = applyScheduleEdits(
      [game("d1", { status: "draft" }), game("p1")],
      [
        { kind: "cancel", gameId: "d1" },
        { kind: "cancel", gameId: "p1" },
        {
          kind: "add",
          divisionId: "10u",
          homeTeamId: "bears",
          awayTeamId: "lions",
          fieldId: "park",
          subField: "B",
          date: "2027-05-02",
          startTime: "09:00",
          durationMinutes: 60,
        },
        { kind: "cancel", gameId: "new-1" },
      ],
      ctx,
      () => "new-1",
    );
    if (!out.ok) throw new Error(out.message);
    expect(out.games.map((g) => [g.id, g.status])).toEqual([["p1", "cancelled"]]);
    expect([...out.removed]).toEqual(["d1"]);
    expect([...out.added]).toEqual([]);
    expect([...out.changed]).toEqual(["p1"]);
  });
});
