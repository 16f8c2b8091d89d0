import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxScoreCsv, boxScoreFileName, csvField, type BoxScoreInput } from "./box-score-csv.js";
import { DEFAULT_LEAGUE_RULES } from "./league-rules.js";
import { playerLabeler } from "./snaps.js";

/** A minimal RFC 4180 reader: rows of fields, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe("csvField", () => {
  it("quotes text and doubles its quotes; numbers stay numbers; null is empty", () => {
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField(12)).toBe("12");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(158.3)).toBe("158.3");
    expect(csvField(null)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
  });

  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tTAB", "\rCR"])("defuses %j against formula injection", (text) => {
    expect(csvField(text)).toBe(`"'${text}"`);
  });

  it("any text reads back as itself (apostrophe-prefixed when it could start a formula)", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const back = parseCsv(`${csvField(text)}\r\n`)[0]!.join(",");
        expect(back).toBe(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
      }),
    );
  });
});

describe("boxScoreFileName", () => {
  it("names the date and the opponent in plain letters", () => {
    expect(boxScoreFileName({ date: "2026-10-03", opponent: "Eagles" })).toBe("box-score-2026-10-03-eagles.csv");
    expect(boxScoreFileName({ date: "2026-10-03", opponent: 'Ça "Va" / ../etc' })).toBe(
      "box-score-2026-10-03-ca-va-etc.csv",
    );
    expect(boxScoreFileName({ date: "2026-10-03", opponent: null })).toBe("box-score-2026-10-03.csv");
    expect(boxScoreFileName({ date: "2026-10-03", opponent: "🏈🏈" })).toBe("box-score-2026-10-03.csv");
  });
});

describe("boxScoreCsv", () => {
  const players = [
    { id: "qb", name: "Quinn Q", jerseyNumber: 7 },
    { id: "wr", name: "Wes W", jerseyNumber: 11 },
    { id: "nj", name: "=No Jersey", jerseyNumber: null },
  ];
  const input: BoxScoreInput = {
    game: {
      date: "2026-10-03",
      opponent: "Eagles",
      homeAway: "home",
      score: { us: 7, them: 6 },
      final: { us: 7, them: 8, corrected: true },
      result: "L",
    },
    rules: DEFAULT_LEAGUE_RULES,
    players,
    snaps: [
      {
        detail: { kind: "pass", passerId: "qb", targetId: "wr", result: "touchdown", yards: 30 },
        period: 1,
        occurredAt: "2026-10-03T15:00:00.000Z",
        points: { us: 6, them: 0 },
      },
      {
        detail: { kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: "nj" },
        period: 1,
        occurredAt: "2026-10-03T15:01:00.000Z",
        points: { us: 1, them: 0 },
      },
      {
        detail: { kind: "pass", passerId: "qb", targetId: "wr", result: "drop", yards: null },
        period: 2,
        occurredAt: "2026-10-03T15:20:00.000Z",
        points: { us: 0, them: 0 },
      },
      {
        detail: { kind: "opponent_score", score: "touchdown" },
        period: 3,
        occurredAt: "2026-10-03T15:40:00.000Z",
        points: { us: 0, them: 6 },
      },
      {
        detail: { kind: "penalty", on: "us", yards: 5, effect: "loss_of_down", playerId: null },
        period: 3,
        occurredAt: "2026-10-03T15:41:00.000Z",
        points: { us: 0, them: 0 },
      },
    ],
    loose: new Map([["wr", [{ eventType: "Flag Pull", count: 2, yards: 0, withYards: 0 }]]]),
  };

  it("has the game, team, player and play-by-play sections", () => {
    const rows = parseCsv(boxScoreCsv(input));
    expect(rows[0]).toEqual(["Date", "Opponent", "Home or away", "Us", "Them", "Result", "Status"]);
    expect(rows[1]).toEqual(["2026-10-03", "Eagles", "home", "7", "8", "L", "Final (corrected)"]);
    const team = rows.findIndex((r) => r[0] === "Team" && r[1] === "Touchdowns");
    expect(rows[team + 1]).toEqual(["Us", "1", "30", "0", "1", "5", "0", "0"]);
    // Named for the team when its name is known (issue #26.6).
    const named = parseCsv(boxScoreCsv({ ...input, teamName: "Harbor Hawks" }));
    expect(named[team + 1]).toEqual(["Harbor Hawks", "1", "30", "0", "1", "5", "0", "0"]);

    const header = rows.find((r) => r[0] === "Player")!;
    const line = (name: string) => Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[0] === name)![i]]));
    expect(line("Quinn Q")).toMatchObject({
      Jersey: "7",
      Cmp: "1",
      Att: "2",
      "Cmp %": "50",
      "Pass yds": "30",
      "Pass TD": "1",
    });
    expect(line("Wes W")).toMatchObject({ Targets: "2", Catches: "1", Drops: "1", "Rec TD": "1", "Flag pulls": "2" });
    expect(line("'=No Jersey")).toMatchObject({ Jersey: "", "Try att": "1", "Try good": "1" });
    // The team line: the touchdown pass once, tries once, the unnamed penalty still the team's.
    expect(line("Team total")).toMatchObject({ "Pass TD": "1", "Try att": "1", Penalties: "1", "Penalty yds": "5" });
    // Players by jersey; no jersey last.
    const order = rows.slice(rows.indexOf(header) + 1, rows.indexOf(header) + 4).map((r) => r[0]);
    expect(order).toEqual(["Quinn Q", "Wes W", "'=No Jersey"]);

    const pbp = rows.findIndex((r) => r[0] === "Snap");
    expect(rows[pbp]).toEqual(["Snap", "Period", "Time (UTC)", "Play", "Us", "Them"]);
    expect(rows.slice(pbp + 1, pbp + 6)).toEqual([
      ["1", "1st half", "2026-10-03T15:00:00.000Z", "#7 → #11, 30 yds, touchdown", "6", "0"],
      ["2", "1st half", "2026-10-03T15:01:00.000Z", "Try for 1 (=No Jersey run): good", "7", "0"],
      ["3", "2nd half", "2026-10-03T15:20:00.000Z", "#7 → #11, dropped", "7", "0"],
      ["4", "OT", "2026-10-03T15:40:00.000Z", "Opponent touchdown", "7", "6"],
      ["5", "OT", "2026-10-03T15:41:00.000Z", "Penalty on us, 5 yds, loss of down", "7", "6"],
    ]);
  });

  it("no field of it starts a formula, whatever the names", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, opponent) => {
        const csv = boxScoreCsv({
          ...input,
          game: { ...input.game, opponent },
          players: [{ id: "nj", name, jerseyNumber: null }],
        });
        for (const row of parseCsv(csv)) for (const field of row) expect(field).not.toMatch(/^[=+@\t\r]/);
      }),
      { numRuns: 200 },
    );
  });

  it("a game with no snaps is still a box score", () => {
    const rows = parseCsv(
      boxScoreCsv({ ...input, snaps: [], loose: undefined, game: { ...input.game, final: null, result: null } }),
    );
    expect(rows[1]).toEqual(["2026-10-03", "Eagles", "home", "7", "6", "", "In progress"]);
    expect(rows.at(-1)).toEqual(["Snap", "Period", "Time (UTC)", "Play", "Us", "Them"]);
  });

  it("labels a player by jersey, else by name", () => {
    const label = playerLabeler(players);
    expect([label("qb"), label("nj"), label("gone")]).toEqual(["#7", "=No Jersey", "Unknown player"]);
  });
});
