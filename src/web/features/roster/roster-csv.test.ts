import { describe, expect, it } from "vitest";
import type { PlayerSummaryDto } from "#domain/api/team";
import { csvCell, rosterCsv, rosterFileName, rosterRow, type RosterRow } from "./roster-csv";
import { DEFAULT_ROSTER_SORT, nextSort, sortRoster } from "./roster-sort";

function player(overrides: Partial<PlayerSummaryDto> = {}): PlayerSummaryDto {
  return {
    id: "p1",
    name: "Ada Lovelace",
    position: "qb",
    positionGroup: "offense",
    jerseyNumber: 7,
    performanceScore: 12.5,
    eventCount: 10,
    attendancePercentage: 85,
    attendanceMarked: 7,
    teamRanking: 2,
    lastActive: "2026-10-03T14:05:00.000Z",
    stats: {
      totalEvents: 10,
      passingYards: 0,
      receivingYards: 0,
      rushingYards: 0,
      touchdowns: 0,
      touchdownPasses: 0,
      returnTouchdowns: 0,
      touchdownsScored: 0,
      flagPulls: 0,
      interceptions: 0,
    },
    photoUrl: null,
    ...overrides,
  };
}

const row = (cells: Partial<RosterRow>): RosterRow => ({
  id: "x",
  name: "A",
  jersey: "#1",
  position: "Quarterback",
  attendance: "0%",
  score: "0.0",
  ranking: "1",
  lastActive: "—",
  ...cells,
});

/** A small RFC 4180 reader, to check that what rosterCsv writes reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let cell = "";
  let current: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      current.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      current.push(cell);
      rows.push(current);
      current = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("csvCell", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell("#7")).toBe("#7");
    expect(csvCell("")).toBe("");
    expect(csvCell("—")).toBe("—");
  });

  it("quotes cells holding commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvCell("Smith, Jo")).toBe('"Smith, Jo"');
    expect(csvCell('Jo "The Jet" Smith')).toBe('"Jo ""The Jet"" Smith"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
    // Only the first character counts.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("Mary-Jane")).toBe("Mary-Jane");
  });
});

describe("rosterCsv", () => {
  it("writes the header, then every row in the given order, CRLF line ends", () => {
    const csv = rosterCsv([row({ name: "B" }), row({ name: "A" })]);
    expect(csv).toBe(
      "Name,Jersey,Position,Attendance,Score,Team ranking,Last active\r\n" +
        "B,#1,Quarterback,0%,0.0,1,—\r\n" +
        "A,#1,Quarterback,0%,0.0,1,—\r\n",
    );
  });

  it("writes only the header for an empty roster", () => {
    expect(rosterCsv([])).toBe("Name,Jersey,Position,Attendance,Score,Team ranking,Last active\r\n");
  });

  it("reads back as exactly the cells written, however awkward the names", () => {
    const names = ['O\'Brien, "Bo"', "line\nbreak", "=cmd|' /C calc'!A0", "@home", "plain"];
    const rows = names.map((name, i) => row({ id: String(i), name }));
    const parsed = parseCsv(rosterCsv(rows));
    expect(parsed).toHaveLength(names.length + 1);
    expect(parsed.slice(1).map((r) => r[0])).toEqual([
      'O\'Brien, "Bo"',
      "line\nbreak",
      "'=cmd|' /C calc'!A0",
      "'@home",
      "plain",
    ]);
    for (const r of parsed) expect(r).toHaveLength(7);
  });
});

describe("rosterRow", () => {
  it("holds the texts the table shows", () => {
    expect(rosterRow(player(), () => "Oct 3, 2026, 4:05 PM")).toEqual({
      id: "p1",
      name: "Ada Lovelace",
      jersey: "#7",
      position: "Quarterback",
      attendance: "85%",
      score: "12.5",
      ranking: "2",
      lastActive: "Oct 3, 2026, 4:05 PM",
    });
  });

  it("shows a dash for no activity and N/A for no jersey", () => {
    const r = rosterRow(player({ lastActive: null, jerseyNumber: "N/A", position: "unknown", performanceScore: 0 }));
    expect(r.lastActive).toBe("—");
    expect(r.jersey).toBe("N/A");
    expect(r.position).toBe("Unknown");
    expect(r.score).toBe("0.0");
  });
});

describe("rosterFileName", () => {
  it("names the file after the team and the day", () => {
    expect(rosterFileName("Harbor Hawks!", new Date(2026, 9, 3))).toBe("harbor-hawks-roster-2026-10-03.csv");
    expect(rosterFileName("", new Date(2026, 0, 9))).toBe("team-roster-2026-01-09.csv");
    expect(rosterFileName("Águilas", new Date(2026, 0, 9))).toBe("aguilas-roster-2026-01-09.csv");
  });
});

describe("sortRoster", () => {
  const players = [
    player({ id: "a", name: "Cara", performanceScore: 5, jerseyNumber: 12, position: "cb", lastActive: null }),
    player({
      id: "b",
      name: "abe",
      performanceScore: 20,
      jerseyNumber: "N/A",
      position: "qb",
      lastActive: "2026-01-02T00:00:00Z",
    }),
    player({
      id: "c",
      name: "Bo",
      performanceScore: 5,
      jerseyNumber: 3,
      position: "wr",
      lastActive: "2026-01-05T00:00:00Z",
    }),
  ];
  const ids = (list: PlayerSummaryDto[]) => list.map((p) => p.id);

  it("defaults to score, highest first, ties by name", () => {
    expect(ids(sortRoster(players, DEFAULT_ROSTER_SORT))).toEqual(["b", "c", "a"]);
  });

  it("sorts names case-insensitively both ways", () => {
    expect(ids(sortRoster(players, { column: "name", direction: "asc" }))).toEqual(["b", "c", "a"]);
    expect(ids(sortRoster(players, { column: "name", direction: "desc" }))).toEqual(["a", "c", "b"]);
  });

  it("puts a missing jersey or no activity last in either direction", () => {
    expect(ids(sortRoster(players, { column: "jersey", direction: "asc" }))).toEqual(["c", "a", "b"]);
    expect(ids(sortRoster(players, { column: "jersey", direction: "desc" }))).toEqual(["a", "c", "b"]);
    expect(ids(sortRoster(players, { column: "lastActive", direction: "desc" }))).toEqual(["c", "b", "a"]);
    expect(ids(sortRoster(players, { column: "lastActive", direction: "asc" }))).toEqual(["b", "c", "a"]);
  });

  it("sorts positions by their names", () => {
    expect(ids(sortRoster(players, { column: "position", direction: "asc" }))).toEqual(["a", "b", "c"]);
  });

  it("flips the direction on the same column and starts a new one in its first direction", () => {
    expect(nextSort(DEFAULT_ROSTER_SORT, "score")).toEqual({ column: "score", direction: "asc" });
    expect(nextSort(DEFAULT_ROSTER_SORT, "name")).toEqual({ column: "name", direction: "asc" });
    expect(nextSort(DEFAULT_ROSTER_SORT, "lastActive")).toEqual({ column: "lastActive", direction: "desc" });
  });
});

describe("attendance before any is taken", () => {
  it("a player never marked reads — on screen and in the CSV, never 0%", () => {
    expect(rosterRow(player({ attendancePercentage: 0, attendanceMarked: 0 })).attendance).toBe("—");
    expect(rosterRow(player({ attendancePercentage: 0, attendanceMarked: 3 })).attendance).toBe("0%");
  });
});
