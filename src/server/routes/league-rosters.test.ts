import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeagueEligibility, TeamLeagueEligibility } from "#domain/api/league-rosters.js";
import { createTestApp, signUpCoach, signUpPlayer } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * Eligibility and the roster lock (docs/product.md §17, issue #31): a 10U division born on or after 2016-09-01
 * whose rosters locked on 2026-06-01. Its admins see, per team, the players born before the cutoff (too old: playing
 * down), those with no birth date and those added after the lock, by first name and last initial and without their
 * birth date; they approve or reject a late player (a co-admin as well as the owner). A team's coaches see their own
 * players' problems by full name. The lock blocks nothing on the team's own roster. Who may call what is also the
 * security suites'.
 */

type App = ReturnType<typeof createTestApp>["app"];
type Coach = Awaited<ReturnType<typeof signUpCoach>>;

const LOCK = "2026-06-01";
const BEFORE_LOCK = "2026-05-01T12:00:00.000Z";

describe.each(testEngines())("league eligibility and the roster lock on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let owner: Coach;
  let hawks: Coach;
  let owls: Coach;
  let outsider: Coach;
  let leagueId = "";
  let hawksTeam = "";
  const ids = new Map<string, string>();

  /** Adds a player to the coach's roster (now: after the lock) with a birth date, or none. */
  async function addPlayer(coach: Coach, fullName: string, jerseyNumber: number, birthDate: string | null) {
    const added = await coach.client.post("/api/team/roster", { fullName, jerseyNumber, primaryPosition: "wr" });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.player.id as string;
    if (birthDate !== null) {
      const set = await coach.client.request("PUT", `/api/team/players/${id}/birth-date`, { json: { birthDate } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }
    ids.set(fullName, id);
    return id;
  }

  const eligibility = async () => {
    const res = await owner.client.get<LeagueEligibility>(`/api/leagues/${leagueId}/eligibility`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Each team's listed players and their problems, as the admin sees them. */
  const problems = async () =>
    Object.fromEntries(
      (await eligibility()).divisions[0]!.teams.map((t) => [
        t.name,
        t.players.map((p) => [p.name, ...p.problems.map((x) => x.kind)]),
      ]),
    );
  const coachView = async (coach: Coach) => {
    const res = await coach.client.get<TeamLeagueEligibility>("/api/team/league-eligibility");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const decide = (coach: Coach, body: Record<string, unknown>) =>
    coach.client.post(`/api/leagues/${leagueId}/roster-approvals`, { leagueTeamId: hawksTeam, ...body });

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
    owner = await signUpCoach(app, "Organisers United");
    hawks = await signUpCoach(app, "Harbor Hawks");
    owls = await signUpCoach(app, "Night Owls");
    outsider = await signUpCoach(app, "Elsewhere Eagles");
    await addPlayer(hawks, "Hana Hawkins", 1, "2017-02-02");
    await addPlayer(hawks, "Olga Oldfield", 2, "2015-03-03");
    await addPlayer(hawks, "Nico Nodate", 3, null);
    await addPlayer(hawks, "Yuri Youngblood", 4, "2020-01-01");
    await addPlayer(owls, "Owen Owlsley", 5, "2017-06-06");
    // These rosters were made in May, before the lock.
    await database.db
      .updateTable("profiles")
      .set({ joined_at: BEFORE_LOCK })
      .where("role", "=", "player")
      .where("team_id", "in", [hawks.me.team!.id, owls.me.team!.id])
      .execute();

    const made = await owner.client.post("/api/leagues", { name: "Metro Flag", timeZone: "UTC" });
    leagueId = made.body.league.id;
    const division = await owner.client.post(`/api/leagues/${leagueId}/divisions`, {
      name: "10U",
      ageCutoff: "2016-09-01",
      rosterLock: LOCK,
    });
    expect(division.status, JSON.stringify(division.body)).toBe(201);
    const divisionId = division.body.league.divisions[0].id;
    for (const coach of [hawks, owls]) {
      const joined = await coach.client.post("/api/team/leagues", { code: made.body.league.joinCode, divisionId });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    }
    await owner.client.post(`/api/leagues/${leagueId}/teams`, { divisionId, name: "Paper Tigers" });
    hawksTeam = (await eligibility()).divisions[0]!.teams.find((t) => t.name === "Harbor Hawks")!.id;
  });
  afterAll(async () => database?.cleanup());

  it("lists the too old (playing down) and those with no birth date, never one playing up; names short, no dates", async () => {
    const body = await eligibility();
    expect(body.divisions).toHaveLength(1);
    expect(body.divisions[0]).toMatchObject({ name: "10U", ageCutoff: "2016-09-01", rosterLock: LOCK });
    expect(await problems()).toEqual({
      "Harbor Hawks": [
        ["Nico N.", "no_birth_date"],
        ["Olga O.", "too_old"],
      ],
      "Night Owls": [],
      "Paper Tigers": [],
    });
    expect(body.divisions[0]!.teams.find((t) => t.name === "Paper Tigers")!.joined).toBe(false);
    // A child's data, least shown: no full name, no birth date, nor any field that could carry one.
    const text = JSON.stringify(body);
    for (const hidden of ["Oldfield", "Nodate", "Youngblood", "Hana", "2015-03-03", "2017-02-02", "2020-01-01"]) {
      expect(text).not.toContain(hidden);
    }
    for (const player of body.divisions[0]!.teams.flatMap((t) => t.players)) {
      expect(Object.keys(player).sort()).toEqual(["name", "playerId", "problems"]);
    }
  });

  it("the team's coaches see their own players' problems by full name, with the birth date they keep", async () => {
    expect((await coachView(hawks)).teams).toEqual([
      {
        id: hawksTeam,
        leagueId,
        leagueName: "Metro Flag",
        name: "Harbor Hawks",
        division: expect.objectContaining({ name: "10U", ageCutoff: "2016-09-01", rosterLock: LOCK }),
        players: [
          {
            playerId: ids.get("Nico Nodate"),
            name: "Nico Nodate",
            birthDate: null,
            problems: [{ kind: "no_birth_date", joinedOn: null, note: null }],
          },
          {
            playerId: ids.get("Olga Oldfield"),
            name: "Olga Oldfield",
            birthDate: "2015-03-03",
            problems: [{ kind: "too_old", joinedOn: null, note: null }],
          },
        ],
      },
    ]);
    // Another team's coach sees their own team, with nothing of the Hawks; an outsider's team plays in no league.
    const forOwls = await coachView(owls);
    expect(forOwls.teams.map((t) => [t.name, t.players.length])).toEqual([["Night Owls", 0]]);
    expect(JSON.stringify(forOwls)).not.toContain("Hawk");
    expect(await coachView(outsider)).toEqual({ teams: [] });
  });

  it("a player added after the lock is on the roster at once, and listed as waiting until an admin approves", async () => {
    // The lock blocks nothing: the team is also used outside the league.
    const late = await addPlayer(hawks, "Lena Latimer", 6, "2017-05-05");
    const today = new Date().toISOString().slice(0, 10);
    const waiting = (await eligibility()).divisions[0]!.teams.find((t) => t.id === hawksTeam)!.players;
    expect(waiting.find((p) => p.playerId === late)).toEqual({
      playerId: late,
      name: "Lena L.",
      problems: [{ kind: "awaiting_approval", joinedOn: today, note: null }],
    });
    expect((await coachView(hawks)).teams[0]!.players.map((p) => [p.name, p.problems[0]!.kind])).toContainEqual([
      "Lena Latimer",
      "awaiting_approval",
    ]);

    const approved = await decide(owner, { playerId: late, decision: "approved" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body as LeagueEligibility).divisions[0]!.teams.find((t) => t.id === hawksTeam)!.players).toEqual(
      waiting.filter((p) => p.playerId !== late),
    );
    expect((await problems())["Harbor Hawks"]).toEqual([
      ["Nico N.", "no_birth_date"],
      ["Olga O.", "too_old"],
    ]);
    expect(JSON.stringify(await coachView(hawks))).not.toContain("Lena");
    // The admins still see the approval (short name, the day of the joining), so they can take it back.
    const hawksApproved = (body: unknown) =>
      (body as LeagueEligibility).divisions[0]!.teams.find((t) => t.id === hawksTeam)!.approved;
    expect(hawksApproved(approved.body)).toEqual([{ playerId: late, name: "Lena L.", joinedOn: today }]);
    const takenBack = await decide(owner, { playerId: late, decision: "rejected", note: "Approved by mistake." });
    expect(takenBack.status, JSON.stringify(takenBack.body)).toBe(200);
    expect(hawksApproved(takenBack.body)).toEqual([]);
    expect((await problems())["Harbor Hawks"]).toContainEqual(["Lena L.", "rejected"]);
    expect((await coachView(hawks)).teams[0]!.players.find((p) => p.playerId === late)).toMatchObject({
      problems: [{ kind: "rejected", note: "Approved by mistake." }],
    });
    // Approved again, as the league decides; listed among the approved once more.
    expect(hawksApproved((await decide(owner, { playerId: late, decision: "approved" })).body)).toHaveLength(1);
  });

  it("a co-admin rejects a late player, who is listed as not eligible with the note, and can approve them later", async () => {
    const helper = await signUpCoach(app, "Helpers");
    const invite = await owner.client.post(`/api/leagues/${leagueId}/admin-invites`);
    const token = (invite.body.path as string).split("/").pop()!;
    expect((await helper.client.post(`/api/league-admin-invites/${token}`)).status).toBe(200);

    const late = await addPlayer(hawks, "Rory Ringer", 7, "2018-08-08");
    const rejected = await decide(helper, { playerId: late, decision: "rejected", note: "Rosters are closed." });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await problems())["Harbor Hawks"]).toContainEqual(["Rory R.", "rejected"]);
    const forCoach = (await coachView(hawks)).teams[0]!.players.find((p) => p.playerId === late)!;
    expect(forCoach).toMatchObject({
      name: "Rory Ringer",
      problems: [{ kind: "rejected", note: "Rosters are closed." }],
    });
    const stored = await database.db
      .selectFrom("league_roster_approvals")
      .select(["decision", "decided_by", "decided_by_name"])
      .where("player_id", "=", late)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ decision: "rejected", decided_by: helper.me.id, decided_by_name: helper.me.fullName });

    expect((await decide(owner, { playerId: late, decision: "approved" })).status).toBe(200);
    expect(JSON.stringify((await problems())["Harbor Hawks"])).not.toContain("Rory");
  });

  it("is the league's admins' only; a decision is only about a player on that team who joined after the lock", async () => {
    const late = ids.get("Lena Latimer")!;
    // A member team's coach, another team's and an outsider find no such league; a player is refused as a player.
    for (const coach of [hawks, owls, outsider]) {
      expect((await coach.client.get(`/api/leagues/${leagueId}/eligibility`)).status).toBe(404);
      expect((await decide(coach, { playerId: late, decision: "approved" })).status).toBe(404);
    }
    const player = await signUpPlayer(app, hawks.me.team!.code, { fullName: "Wanda Waiting", waiting: true });
    expect((await player.client.get("/api/team/league-eligibility")).status).toBe(403);
    // Waiting for the coach, Wanda is on no roster yet, so on no list.
    expect(JSON.stringify(await eligibility())).not.toContain("Wanda");

    // On the roster before the lock; another team's player; nobody; a team that is not the league's.
    expect((await decide(owner, { playerId: ids.get("Hana Hawkins"), decision: "rejected" })).status).toBe(404);
    expect((await decide(owner, { playerId: ids.get("Owen Owlsley"), decision: "rejected" })).status).toBe(404);
    expect((await decide(owner, { playerId: "no-such-player", decision: "rejected" })).status).toBe(404);
    expect((await decide(owner, { leagueTeamId: "no-such-team", playerId: late, decision: "rejected" })).status).toBe(
      404,
    );
    const bad = await decide(owner, { playerId: late, decision: "maybe" });
    expect(bad.status).toBe(400);
    expect(await database.db.selectFrom("league_roster_approvals").select("player_id").execute()).toHaveLength(2);
  });

  it("follows the division: without a cutoff age is nobody's problem; a lock moved later lets a late joining be", async () => {
    const divisionId = (await eligibility()).divisions[0]!.id;
    const moved = await owner.client.request("PATCH", `/api/league-divisions/${divisionId}`, {
      json: { ageCutoff: null, rosterLock: "2099-12-31" },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await problems())["Harbor Hawks"]).toEqual([]);
    expect((await coachView(hawks)).teams[0]!.players).toEqual([]);
  });
});
