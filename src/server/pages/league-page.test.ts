// @vitest-environment jsdom
import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";
import type { PublicLeague } from "#domain/api/leagues.js";
import { NOW_AND_NEXT_GAMES, renderLeaguePage, scheduleView, WHOLE_SCHEDULE_UP_TO } from "./league-page.js";
import { nowIn } from "./league-parts.js";
import { BRACKET } from "#tests/support/bracket-fixture.js";
import { ordinal, renderLeagueTeamPage } from "./league-team-page.js";

/*
 * The public league pages as the server writes them (docs/product.md §17, decision 0042): read back as a browser
 * reads them, by role and name. Team-level only; every name escaped; the schedule narrowed by its form's query.
 */

/** The page in this test's document (a window of its own, as the accessibility queries need). */
function body(markup: string): HTMLElement {
  document.documentElement.innerHTML = markup.replace(/^<!doctype html>/i, "");
  return document.body;
}
/** An element's text as it reads (the markup's line breaks are spaces). */
const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();

/** Early on a day where the league plays. */
const at = (date: string, time = "07:00") => ({ date, time });

const row = (teamId: string, rank: number, wins: number, losses: number) => ({
  teamId,
  rank,
  played: wins + losses,
  wins,
  losses,
  ties: 0,
  winPct: wins + losses === 0 ? 0 : wins / (wins + losses),
  pointsFor: wins * 8,
  pointsAgainst: losses * 6,
  difference: wins * 8 - losses * 6,
  streak: wins > 0 ? `W${wins}` : "",
  last5: Array.from({ length: wins }, () => "W" as const),
  decidedBy: null,
});

const game = (
  id: string,
  date: string,
  home: string,
  away: string,
  rest: Partial<PublicLeague["games"][number]> = {},
) => ({
  id,
  divisionId: "d-1",
  homeTeamId: home,
  awayTeamId: away,
  fieldId: "f-1",
  subField: "A",
  date,
  startTime: "09:00",
  durationMinutes: 60,
  cancelled: false,
  result: { state: "none" as const, home: null, away: null, forfeit: null },
  ...rest,
});

const LEAGUE: PublicLeague = {
  id: "l-1",
  name: "Metro Flag",
  timeZone: "UTC",
  tiebreakers: [],
  divisions: [
    { id: "d-1", name: "10U", standings: [row("t-owls", 1, 1, 0), row("t-hawks", 2, 0, 1), row("t-x", 3, 0, 0)] },
  ],
  teams: [
    { id: "t-hawks", name: "Harbor Hawks", divisionId: "d-1" },
    { id: "t-owls", name: "Night Owls", divisionId: "d-1" },
    { id: "t-x", name: `<script>alert("x")</script> & Co`, divisionId: "d-1" },
  ],
  fields: [{ id: "f-1", name: "Riverside Park", address: null, subFields: ["A"] }],
  games: [
    game("g-1", "2027-03-06", "t-owls", "t-hawks", {
      result: { state: "confirmed", home: 8, away: 6, forfeit: null },
    }),
    game("g-2", "2027-03-13", "t-hawks", "t-x", {
      result: { state: "pending", home: null, away: null, forfeit: null },
    }),
    game("g-3", "2027-03-20", "t-x", "t-owls", { cancelled: true }),
  ],
  brackets: [],
};

describe("the league's public page", () => {
  it("shows each division's standings with links to the teams' pages, and every game by day", () => {
    const page = body(renderLeaguePage(LEAGUE, {}, at("2027-03-01")));
    expect(within(page).getByRole("heading", { level: 1, name: "Metro Flag" })).toBeTruthy();
    const table = within(page).getByRole("table", { name: "10U" });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((h) => text(h)),
    ).toEqual(["Night Owls", "Harbor Hawks", `<script>alert("x")</script> & Co`]);
    expect(within(table).getByRole("link", { name: "Night Owls" }).getAttribute("href")).toBe(
      "/league/l-1/teams/t-owls",
    );
    const owls = within(table).getAllByRole("row")[1]!;
    expect([...owls.querySelectorAll("td")].map((c) => text(c))).toEqual([
      "1",
      "1",
      "0",
      "0",
      "1.000",
      "8",
      "0",
      "+8",
      "W1",
      "W",
    ]);
    expect(
      within(page)
        .getAllByRole("heading", { level: 3 })
        .map((h) => text(h)),
    ).toEqual(["Sat, Mar 6, 2027", "Sat, Mar 13, 2027", "Sat, Mar 20, 2027"]);
    expect(text(within(page).getByText("8–6").closest("li"))).toContain("Night Owls v Harbor Hawks");
    expect(within(page).getByText("Result pending")).toBeTruthy();
    expect(within(page).getByText("Cancelled")).toBeTruthy();
  });

  it("escapes every name: a team named like markup is text, and the page has no script", () => {
    const markup = renderLeaguePage(LEAGUE, {}, at("2027-03-01"));
    expect(markup).not.toContain("<script");
    expect(markup).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
  });

  it("names PNG icons only: an SVG icon is a document the phone's page thread draws while the page loads", () => {
    body(renderLeaguePage(LEAGUE, {}, at("2027-03-01")));
    const icons = [...document.head.querySelectorAll("link[rel~='icon'], link[rel='apple-touch-icon']")].map((link) =>
      link.getAttribute("href"),
    );
    expect(icons).toEqual(["/favicon.png", "/apple-touch-icon.png"]);
  });

  it("narrows the schedule to a team or a field with its form, and says which feed to subscribe to", () => {
    const page = body(renderLeaguePage(LEAGUE, { team: "t-hawks" }, at("2027-03-01")));
    const form = page.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect((within(form).getByLabelText("Team") as HTMLSelectElement).value).toBe("t-hawks");
    expect(within(form).getByRole("button", { name: "Show games" })).toBeTruthy();
    const lines = [...page.querySelectorAll("ul.games li")].map((li) => text(li));
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l?.includes("Harbor Hawks"))).toBe(true);
    const feed = within(page).getByRole("link", { name: "Subscribe to Harbor Hawks's games in your calendar" });
    expect(feed.getAttribute("href")).toBe("/api/public/leagues/l-1/calendar.ics?team=t-hawks");
  });

  it("opens a large league's schedule on today's game day, with the days around it", () => {
    const many: PublicLeague = {
      ...LEAGUE,
      games: Array.from({ length: WHOLE_SCHEDULE_UP_TO + 10 }, (_, i) =>
        game(`g-${i}`, `2027-03-${String(6 + 7 * (i % 3)).padStart(2, "0")}`, "t-hawks", "t-owls"),
      ),
    };
    const view = scheduleView(many, {}, at("2027-03-10"));
    expect(view.day).toBe("2027-03-13");
    expect(view.days).toEqual(["2027-03-13"]);
    expect([view.previous, view.next]).toEqual(["2027-03-06", "2027-03-20"]);
    // After the season: its last day. Asked for every day: every day.
    expect(scheduleView(many, {}, at("2027-12-01")).day).toBe("2027-03-20");
    expect(scheduleView(many, { day: "all" }, at("2027-03-10")).days).toHaveLength(3);

    const page = body(renderLeaguePage(many, {}, at("2027-03-10")));
    const days = within(page).getAllByRole("navigation", { name: "Days" })[0]!;
    expect(within(days).getByRole("link", { name: "‹ Sat, Mar 6, 2027" }).getAttribute("href")).toBe(
      "/league/l-1?day=2027-03-06#schedule-heading",
    );
    expect(within(days).getByRole("link", { name: "Sat, Mar 20, 2027 ›" })).toBeTruthy();
    expect((within(page).getByLabelText("Day") as HTMLSelectElement).value).toBe("2027-03-13");
  });

  it("opens a large league's game day on the games under way and next, with the whole day a link away", () => {
    const times = ["08:00", "09:00", "10:00", "11:00", "12:00", "13:00"];
    const saturday: PublicLeague = {
      ...LEAGUE,
      games: Array.from({ length: 24 * times.length }, (_, i) =>
        game(`g-${String(i).padStart(3, "0")}`, "2027-03-06", "t-hawks", "t-owls", {
          startTime: times[i % times.length]!,
        }),
      ).sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id)),
    };
    // At 10:30 on the day: the 09:00 games are over, the 10:00 ones are on; two hours of games are shown.
    const view = scheduleView(saturday, {}, at("2027-03-06", "10:30"));
    expect(view.games).toHaveLength(NOW_AND_NEXT_GAMES);
    expect(new Set(view.games.map((g) => g.startTime))).toEqual(new Set(["10:00", "11:00"]));
    expect(view.dayTotal).toBe(144);
    // Before the day: its first games. After its last start: its last games. Asked for the day: all of it.
    expect(scheduleView(saturday, {}, at("2027-03-01")).games[0]!.startTime).toBe("08:00");
    expect(scheduleView(saturday, {}, at("2027-03-06", "23:00")).games.at(-1)!.startTime).toBe("13:00");
    expect(scheduleView(saturday, { day: "2027-03-06" }, at("2027-03-06", "10:30")).games).toHaveLength(144);

    const page = body(renderLeaguePage(saturday, {}, at("2027-03-06", "10:30")));
    expect(page.querySelectorAll("ul.games li")).toHaveLength(NOW_AND_NEXT_GAMES);
    const all = within(page).getByRole("link", { name: "Show all 144 games of Sat, Mar 6, 2027" });
    expect(all.getAttribute("href")).toBe("/league/l-1?day=2027-03-06#schedule-heading");
  });

  it("knows the date and time where the league plays", () => {
    const instant = new Date("2027-03-06T03:30:00Z");
    expect(nowIn("America/Chicago", instant)).toEqual({ date: "2027-03-05", time: "21:30" });
    expect(nowIn("Europe/Berlin", instant)).toEqual({ date: "2027-03-06", time: "04:30" });
    expect(nowIn("Not/AZone", instant)).toEqual({ date: "2027-03-06", time: "03:30" });
  });

  it("draws each division's bracket round by round, with the results in words", () => {
    const page = body(renderLeaguePage({ ...LEAGUE, brackets: [BRACKET] }, {}, at("2027-03-01")));
    const playoffs = within(page).getByRole("region", { name: "10U playoffs" });
    expect(within(page).getByRole("heading", { name: "Playoffs" })).toBeTruthy();
    expect(
      within(playoffs)
        .getAllByRole("heading")
        .map((h) => text(h)),
    ).toEqual(["10U", "Semifinals", "Final"]);
    expect(text(within(playoffs).getByRole("listitem", { name: "1 Harbor Hawks v 4 Dolphins" }))).toContain(
      "21–14: Harbor Hawks win.",
    );
    expect(text(within(playoffs).getByRole("listitem", { name: "2 Night Owls v 3 Cardinals" }))).toContain(
      "Tied 7–7: the admin enters the result.",
    );
    const final = within(playoffs).getByRole("listitem", { name: "1 Harbor Hawks v To be decided" });
    expect(text(final)).toContain("Sat, May 15, 2027, 12:00 · Riverside Park, field A");
    expect(text(final)).toContain("Waiting for the games before it.");
  });
});

describe("a league team's public page", () => {
  const page = (teamId: string) =>
    body(
      renderLeagueTeamPage({
        league: { id: "l-1", name: "Metro Flag", timeZone: "UTC" },
        team: { id: teamId, name: LEAGUE.teams.find((t) => t.id === teamId)!.name },
        division: LEAGUE.divisions[0]!,
        teams: LEAGUE.teams,
        fields: LEAGUE.fields,
        games: LEAGUE.games.filter((g) => g.homeTeamId === teamId || g.awayTeamId === teamId),
      }),
    );

  it("shows the team's record, its games from its side, and its row of the standings marked", () => {
    const hawks = page("t-hawks");
    expect(within(hawks).getByRole("heading", { level: 1, name: "Harbor Hawks" })).toBeTruthy();
    expect(within(hawks).getByText("0–1–0 · 2nd of 3 in 10U")).toBeTruthy();
    expect(text(within(hawks).getByText("L 6–8").closest("li"))).toContain("at Night Owls");
    const table = within(hawks).getByRole("table", { name: "10U standings" });
    const own = within(table).getByRole("row", { name: /Harbor Hawks/ });
    expect(own.getAttribute("aria-current")).toBe("true");
    expect(within(own).queryByRole("link")).toBeNull();
    expect(within(table).getByRole("link", { name: "Night Owls" })).toBeTruthy();
    expect(within(hawks).getByRole("link", { name: "Metro Flag" }).getAttribute("href")).toBe("/league/l-1");
  });

  it("says a team without a counted result has none yet", () => {
    expect(within(page("t-x")).getByText("No results yet")).toBeTruthy();
  });

  it("writes ranks as ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
    ]);
  });
});
