import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleEditsResult } from "#domain/api/league-edits.js";
import type { LeagueGame, LeagueGames } from "#domain/api/leagues.js";
import { createTestApp, signUpCoach } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * Changing a league's schedule by hand (docs/product.md §17): each change is checked before it is saved, a change
 * that would cause a conflict is refused with the conflict in words, and once the schedule is published a saved
 * change goes into both teams' schedules at once and is told to the teams, however far ahead the game is.
 */

type App = ReturnType<typeof createTestApp>["app"];
type Coach = Awaited<ReturnType<typeof signUpCoach>>;

describe.each(testEngines())("league schedule edits on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let owner: Coach;
  let hawks: Coach;
  let owls: Coach;
  let outsider: Coach;
  let leagueId = "";
  let fieldId = "";
  let teamIds: Record<string, string> = {};
  let divisionId = "";

  const edits = (client: Coach["client"], body: unknown) =>
    client.post<ScheduleEditsResult & { error: { message: string } }>(`/api/leagues/${leagueId}/schedule/edits`, body);
  const games = async () => (await owner.client.get<LeagueGames>(`/api/leagues/${leagueId}/games`)).body;
  const gameOf = (list: LeagueGame[], a: string, b: string) =>
    list.find(
      (g) =>
        (g.homeTeamId === teamIds[a] && g.awayTeamId === teamIds[b]) ||
        (g.homeTeamId === teamIds[b] && g.awayTeamId === teamIds[a]),
    )!;
  const schedule = async (coach: Coach) =>
    (await coach.client.get("/api/team/schedule")).body.events as Array<Record<string, unknown>>;
  const changeNotices = async (coach: Coach) =>
    ((await coach.client.get("/api/me/notices")).body.notices as Array<{ kind: string; params: { change?: string } }>)
      .filter((n) => n.kind === "event_changed")
      .map((n) => n.params.change);

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
    owner = await signUpCoach(app, "Organisers United");
    hawks = await signUpCoach(app, "Harbor Hawks");
    owls = await signUpCoach(app, "Night Owls");
    outsider = await signUpCoach(app, "Elsewhere Eagles");
    const made = await owner.client.post("/api/leagues", { name: "Metro Flag", timeZone: "UTC" });
    leagueId = made.body.league.id;
    const division = await owner.client.post(`/api/leagues/${leagueId}/divisions`, { name: "10U" });
    divisionId = division.body.league.divisions[0].id;
    for (const coach of [hawks, owls]) {
      const joined = await coach.client.post("/api/team/leagues", { code: made.body.league.joinCode, divisionId });
      expect(joined.status).toBe(201);
    }
    const comets = await owner.client.post(`/api/leagues/${leagueId}/teams`, { divisionId, name: "Comets" });
    teamIds = Object.fromEntries(
      (comets.body.league.teams as Array<{ id: string; name: string }>).map((t) => [t.name, t.id]),
    );
    const field = await owner.client.post(`/api/leagues/${leagueId}/fields`, {
      name: "Riverside Park",
      subFields: ["A", "B"],
    });
    fieldId = field.body.league.fields[0].id;
    // Far ahead: the 48-hour rule of a team's own changes would tell nobody.
    await owner.client.request("PUT", `/api/leagues/${leagueId}/calendar`, {
      json: {
        gameDays: ["2027-05-01", "2027-05-08"],
        timeSlots: [
          { startTime: "09:00", durationMinutes: 60 },
          { startTime: "10:30", durationMinutes: 60 },
        ],
      },
    });
    const generated = await owner.client.post(`/api/leagues/${leagueId}/schedule`, { doubleRoundRobin: false });
    expect(generated.body.placed).toBe(3);
  });
  afterAll(async () => database?.cleanup());

  it("only the league's admins change its games; bad changes get a clear 4xx", async () => {
    const any = (await games()).games[0]!;
    for (const client of [hawks.client, outsider.client]) {
      expect((await edits(client, { edits: [{ kind: "flip", gameId: any.id }] })).status).toBe(404);
    }
    const unknownGame = await edits(owner.client, { edits: [{ kind: "cancel", gameId: "no-such-game" }] });
    expect(unknownGame.status).toBe(404);
    const badField = await edits(owner.client, {
      edits: [
        {
          kind: "move",
          gameId: any.id,
          fieldId,
          subField: "Z",
          date: any.date,
          startTime: "09:00",
          durationMinutes: 60,
        },
      ],
    });
    expect(badField.status).toBe(400);
    expect(badField.body).toMatchObject({ error: { message: "Choose one of Riverside Park's fields: A, B." } });
    const badTime = await edits(owner.client, {
      edits: [
        {
          kind: "move",
          gameId: any.id,
          fieldId,
          subField: "A",
          date: "2027-02-30",
          startTime: "25:00",
          durationMinutes: 60,
        },
      ],
    });
    expect(badTime.status).toBe(400);
    const self = await edits(owner.client, {
      edits: [
        {
          kind: "add",
          divisionId,
          homeTeamId: teamIds.Comets,
          awayTeamId: teamIds.Comets,
          fieldId,
          subField: "A",
          date: "2027-05-08",
          startTime: "09:00",
          durationMinutes: 60,
        },
      ],
    });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe("A team cannot play itself.");
    expect((await edits(owner.client, { edits: [] })).status).toBe(400);
  });

  it("a move that double-books a field shows the conflict first and is not saved", async () => {
    const before = await games();
    const [first, second] = before.games;
    const clash = {
      kind: "move",
      gameId: second!.id,
      fieldId: first!.fieldId,
      subField: first!.subField,
      date: first!.date,
      startTime: first!.startTime,
      durationMinutes: 60,
    };
    const checked = await edits(owner.client, { edits: [clash], dryRun: true });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.saved).toBe(false);
    expect(checked.body.introduced.length).toBeGreaterThan(0);
    expect(checked.body.introduced).toContain(
      `Riverside Park, field ${first!.subField} is booked for 2 games at ${first!.startTime} on ${first!.date}.`,
    );
    const refused = await edits(owner.client, { edits: [clash] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^Not saved: /);
    expect(await games()).toEqual(before);
  });

  it("a draft is moved, swapped, flipped, added and cancelled; all or nothing", async () => {
    const before = (await games()).games;
    const [a, b] = before;
    const swapped = await edits(owner.client, { edits: [{ kind: "swap", gameId: a!.id, otherGameId: b!.id }] });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body).toMatchObject({ saved: true, introduced: [], teamEvents: 0 });
    const after = (await games()).games;
    const a2 = after.find((g) => g.id === a!.id)!;
    expect([a2.date, a2.startTime, a2.subField]).toEqual([b!.date, b!.startTime, b!.subField]);

    // A good change and a bad one together: neither is saved.
    const mixed = await edits(owner.client, {
      edits: [
        { kind: "flip", gameId: a!.id },
        { kind: "cancel", gameId: "no-such-game" },
      ],
    });
    expect(mixed.status).toBe(404);
    expect((await games()).games.find((g) => g.id === a!.id)!.homeTeamId).toBe(a2.homeTeamId);

    const added = await edits(owner.client, {
      edits: [
        {
          kind: "add",
          divisionId,
          homeTeamId: teamIds["Harbor Hawks"],
          awayTeamId: teamIds["Night Owls"],
          fieldId,
          subField: "B",
          date: "2027-05-08",
          startTime: "10:30",
          durationMinutes: 60,
        },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await games()).games).toHaveLength(4);
    const extra = (await games()).games.find((g) => g.round === 0)!;
    expect((await edits(owner.client, { edits: [{ kind: "cancel", gameId: extra.id }] })).status).toBe(200);
    // A draft taken off is gone.
    expect((await games()).games).toHaveLength(3);
  });

  it("after publishing, a saved move goes to both teams' schedules and is told to them", async () => {
    expect((await owner.client.post(`/api/leagues/${leagueId}/schedule/publish`)).status).toBe(200);
    expect(await changeNotices(hawks)).toEqual([]);
    const game = gameOf((await games()).games, "Harbor Hawks", "Night Owls");
    const free = { fieldId, subField: "B", date: "2027-05-08", startTime: "10:30", durationMinutes: 60 };
    const moved = await edits(owner.client, { edits: [{ kind: "move", gameId: game.id, ...free }] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ saved: true, conflicts: [], teamEvents: 2 });
    for (const coach of [hawks, owls]) {
      const event = (await schedule(coach)).find(
        (e) => e.opponent === (coach === hawks ? "Night Owls" : "Harbor Hawks"),
      )!;
      expect(event).toMatchObject({ date: "2027-05-08", startTime: "10:30", field: "Field B" });
      expect(await changeNotices(coach)).toEqual(["time"]);
    }
    expect((await games()).games.find((g) => g.id === game.id)).toMatchObject({
      status: "published",
      changedSincePublished: false,
    });

    // A game added to the published schedule is a new game in both schedules, told as one.
    const added = await edits(owner.client, {
      edits: [
        {
          kind: "add",
          divisionId,
          homeTeamId: teamIds["Night Owls"],
          awayTeamId: teamIds["Harbor Hawks"],
          fieldId,
          subField: "A",
          date: "2027-05-15",
          startTime: "09:00",
          durationMinutes: 60,
        },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.teamEvents).toBe(2);
    expect((await schedule(owls)).filter((e) => e.date === "2027-05-15")).toHaveLength(1);
    expect(await changeNotices(owls)).toEqual(expect.arrayContaining(["added", "time"]));

    // Cancelled: kept, cancelled in both schedules.
    const cancelled = await edits(owner.client, { edits: [{ kind: "cancel", gameId: game.id }] });
    expect(cancelled.status).toBe(200);
    expect((await games()).games.find((g) => g.id === game.id)!.status).toBe("cancelled");
    const hawksEvent = (await schedule(hawks)).find((e) => e.date === "2027-05-08" && e.startTime === "10:30")!;
    expect(hawksEvent.status).toBe("cancelled");
    const again = await edits(owner.client, { edits: [{ kind: "flip", gameId: game.id }] });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Harbor Hawks v Night Owls is cancelled.");
  });
});
