import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POSITIONS } from "./positions.js";
import {
  decodeRosterBytes,
  lastNameFirst,
  parsePosition,
  parseRosterText,
  splitRecords,
  UNREADABLE_TEXT,
} from "./roster-import.js";

/** Text as bytes in Windows-1252 (every character here is Latin-1, which Windows-1252 writes the same). */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

describe("reading a roster to import", () => {
  it("reads a CSV with a header row, in any column order, with quoted cells", () => {
    const text =
      'Jersey,Name,Position,Other positions\r\n12,"Lopez, Sam",QB,"WR, Safety"\r\n7,Riley Runner,Running Back,\r\n';
    const preview = parseRosterText(text);
    expect(preview.errorCount).toBe(0);
    expect(preview.players).toEqual([
      { fullName: "Sam Lopez", jerseyNumber: 12, primaryPosition: "qb", positions: ["wr", "safety"] },
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

  it("flags a number another roster player wears than the one the row names", () => {
    const roster = [
      { id: "p1", fullName: "Dana Deep", jerseyNumber: 9 },
      { id: "p2", fullName: "Kim Kicker", jerseyNumber: null },
    ];
    const preview = parseRosterText("Kim Kicker,9,te", roster);
    expect(preview.rows[0]!.errors.jerseyNumber).toBe("#9 is already Dana Deep's number on this team.");
    expect(preview.players).toEqual([]);
  });

  it("marks rows likely already on the roster (same name, or same number) and adds only the others", () => {
    const roster = [
      { id: "p1", fullName: "Dana Deep", jerseyNumber: 9 },
      { id: "p2", fullName: "Jordan Okafor", jerseyNumber: null },
    ];
    const preview = parseRosterText("jordan  OKAFOR,,wr\nD. Deep,9,cb\nNew Kid,4,qb\n", roster);
    expect(preview.errorCount).toBe(0);
    expect(preview.duplicateCount).toBe(2);
    expect(preview.rows.map((r) => [r.duplicate?.player.id, r.duplicate?.by])).toEqual([
      ["p2", "name"],
      ["p1", "jersey"],
      [undefined, undefined],
    ]);
    expect(preview.players.map((p) => p.fullName)).toEqual(["New Kid"]);
  });

  it("reads Excel's default CSV: Windows-1252 bytes, semicolons, names last name first", () => {
    const bytes = windows1252("Name;Jersey;Position\r\nRenée Lefèvre;3;QB\r\nGroß, Jürgen;4;WR\r\n");
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const { text, encoding } = decodeRosterBytes(bytes);
    expect(encoding).toBe("windows-1252");
    const preview = parseRosterText(text);
    expect(preview.problem).toBeNull();
    expect(preview.players.map((p) => p.fullName)).toEqual(["Renée Lefèvre", "Jürgen Groß"]);
    expect(preview.rows[1]!.writtenName).toBe("Groß, Jürgen");
    expect(preview.players.some((p) => p.fullName.includes("\uFFFD"))).toBe(false);
  });

  it("reads a UTF-8 file with a byte order mark (Excel's CSV UTF-8, Google Sheets) as UTF-8", () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode("name,jersey,position\nZoë Åberg,5,s\n"),
    ]);
    const { text, encoding } = decodeRosterBytes(bytes);
    expect(encoding).toBe("utf-8");
    expect(parseRosterText(text).players).toEqual([
      { fullName: "Zoë Åberg", jerseyNumber: 5, primaryPosition: "safety", positions: [] },
    ]);
  });

  it("imports nothing from text whose characters were already lost (U+FFFD), and says how to fix it", () => {
    const preview = parseRosterText("Name;Jersey;Position\nRen\uFFFDe Lef\uFFFDvre;3;QB\n");
    expect(preview.problem).toBe(UNREADABLE_TEXT);
    expect(preview.players).toEqual([]);
  });

  it("reads “Okafor, Jordan” as Jordan Okafor, in pasted cells too, but leaves a suffix alone", () => {
    const preview = parseRosterText("Okafor, Jordan\t12\tQB\n");
    expect(preview.players[0]!.fullName).toBe("Jordan Okafor");
    expect(preview.rows[0]!.writtenName).toBe("Okafor, Jordan");
    expect(lastNameFirst("Sam Lopez, Jr.")).toBeNull();
    expect(lastNameFirst("Sam Lopez")).toBeNull();
  });

  it("knows every position by key and by name", () => {
    for (const p of POSITIONS) {
      expect(parsePosition(p.key.toUpperCase())).toBe(p.key);
      expect(parsePosition(` ${p.name} `)).toBe(p.key);
    }
    expect(parsePosition("Goalie")).toBeNull();
  });

  it("keeps commas as the delimiter when quoted cells hold only semicolons, in rows of uneven length", () => {
    // Found by the property below (seed -914782880): papaparse's guess counted the quoted ';' and split on it.
    expect(splitRecords('"!"\r\n"!",";","!",";"').map((r) => r.cells)).toEqual([["!"], ["!", ";", "!", ";"]]);
    expect(splitRecords('Name,Number\r\n"Sam ; Jo","7"\r\n"Lee",";"').map((r) => r.cells)).toEqual([
      ["Name", "Number"],
      ["Sam ; Jo", "7"],
      ["Lee", ";"],
    ]);
  });

  it("splits any grid of cells written as CSV back into the same cells (property)", () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (grid) => {
        const text = grid.map((row) => row.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");
        expect(splitRecords(text).map((r) => r.cells)).toEqual(grid);
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
