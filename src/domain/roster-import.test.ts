import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POSITIONS } from "./positions.js";
import { parsePosition, parseRosterText, splitRecords } from "./roster-import.js";

describe("reading a roster to import", () => {
  it("reads a CSV with a header row, in any column order, with quoted cells", () => {
    const text =
      'Jersey,Name,Position,Other positions\r\n12,"Lopez, Sam",QB,"WR, Safety"\r\n7,Riley Runner,Running Back,\r\n';
    const preview = parseRosterText(text);
    expect(preview.errorCount).toBe(0);
    expect(preview.players).toEqual([
      { fullName: "Lopez, Sam", jerseyNumber: 12, primaryPosition: "qb", positions: ["wr", "safety"] },
      { fullName: "Riley Runner", jerseyNumber: 7, primaryPosition: "rb", positions: [] },
    ]);
    expect(preview.rows.map((r) => r.line)).toEqual([2, 3]);
  });

  it("reads cells pasted from a spreadsheet (tabs, no header) in the order name, jersey, position, others", () => {
    const preview = parseRosterText("Avery Arm\t#1\tqb\n\nBlake Back\t\tCB\tLB S\n");
    expect(preview.players).toEqual([
      { fullName: "Avery Arm", jerseyNumber: 1, primaryPosition: "qb", positions: [] },
      { fullName: "Blake Back", jerseyNumber: null, primaryPosition: "cb", positions: ["lb", "safety"] },
    ]);
  });

  it("gives every bad row its errors by field and imports nothing while any row has one", () => {
    const preview = parseRosterText(
      "name,jersey,position,other positions\nGood Guy,3,wr,\n,100,goalie,\nDup,3,cb,\nOdd,4,qb,point guard\n",
    );
    expect(preview.errorCount).toBe(3);
    expect(preview.players).toEqual([]);
    const [good, blank, dup, odd] = preview.rows;
    expect(good!.errors).toEqual({});
    expect(blank!.errors).toEqual({
      fullName: "Full name is required.",
      jerseyNumber: "Jersey number must be between 0 and 99.",
      primaryPosition: "“goalie” is not one of the ten positions.",
    });
    expect(dup!.errors).toEqual({ jerseyNumber: "#3 is also on line 2." });
    expect(odd!.errors).toEqual({ positions: "“point guard” is not one of the ten positions." });
  });

  it("flags a number already on the team with the player who wears it", () => {
    const preview = parseRosterText("Kim Kicker,9,te", new Map([[9, "Dana Deep"]]));
    expect(preview.rows[0]!.errors.jerseyNumber).toBe("#9 is already Dana Deep's number on this team.");
  });

  it("knows every position by key and by name", () => {
    for (const p of POSITIONS) {
      expect(parsePosition(p.key.toUpperCase())).toBe(p.key);
      expect(parsePosition(` ${p.name} `)).toBe(p.key);
    }
    expect(parsePosition("Goalie")).toBeNull();
  });

  it("splits any grid of cells written as CSV back into the same cells (property)", () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (grid) => {
        const text = grid.map((row) => row.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");
        expect(splitRecords(text, ",").map((r) => r.cells)).toEqual(grid);
      }),
    );
  });

  it("never throws on any text, and every row either has a player or an error (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const preview = parseRosterText(text);
        for (const row of preview.rows) {
          expect(row.player === null).toBe(Object.keys(row.errors).length > 0);
        }
        expect(preview.players.length === 0 || preview.errorCount === 0).toBe(true);
      }),
    );
  });
});
