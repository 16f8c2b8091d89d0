import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { openDatabase, type Database } from "#server/db/index.js";
import { createProfile, createTeam } from "#server/db/teams.js";
import { PASSWORD, uniqueEmail } from "./accounts";

/*
 * Accounts for the e2e suite, written straight into the e2e server's SQLite database (E2E_DATA_DIR) with the
 * server's own db code: one transaction per team, and one password hash (made once by global-setup.ts with the
 * server's Better Auth config) stored on every account. No sign-up request and no hashing per account; signing
 * in still goes through the real API. The production server has no seeding endpoint.
 */

export interface PlayerSeed {
  fullName?: string;
  jerseyNumber?: number;
  primaryPosition?: string;
  /** Other positions; the primary one always comes first, as sign-up stores them. */
  positions?: string[];
}

export interface TeamSeed {
  teamName?: string;
  coachName?: string;
  players?: readonly PlayerSeed[];
}

export interface SeededTeam {
  id: string;
  name: string;
  code: string;
  coachInviteCode: string | null;
}

/** What /api/signup answered with before (the fields the specs read), plus the password. */
export interface SeededAccount {
  id: string;
  email: string;
  password: string;
  role: "player" | "coach";
  fullName: string;
  team: SeededTeam;
}

let database: Database | undefined;

function db(): Database {
  if (database) return database;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the e2e suite through playwright.config.ts");
  database = openDatabase({ dataDir, sqlitePath: join(dataDir, "flagline.db") });
  return database;
}

function passwordHash(): string {
  const hash = process.env.E2E_PASSWORD_HASH;
  if (!hash) throw new Error("E2E_PASSWORD_HASH is not set: tests/e2e/global-setup.ts makes it");
  return hash;
}

/** A Better Auth user with a credential account holding the shared hash (what sign-up would have stored). */
async function insertUser(trx: Database["db"], name: string, email: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto("user")
    .values({ id, name, email, emailVerified: 0, image: null, createdAt: now, updatedAt: now })
    .execute();
  await trx
    .insertInto("account")
    .values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: passwordHash(),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

/**
 * A head coach with a new team and its players, in one transaction. Every call makes a new team and new emails,
 * so tests never share accounts.
 */
export async function seedTeam(spec: TeamSeed = {}): Promise<{ coach: SeededAccount; players: SeededAccount[] }> {
  const coachName = spec.coachName ?? "Casey Coach";
  return db()
    .db.transaction()
    .execute(async (trx) => {
      const team = await createTeam(trx, { name: spec.teamName ?? "Harbor Hawks" });
      const teamOut: SeededTeam = {
        id: team.id,
        name: team.name,
        code: team.teamCode,
        coachInviteCode: team.coachInviteCode,
      };
      const coachEmail = uniqueEmail("coach");
      const coachId = await insertUser(trx, coachName, coachEmail);
      await createProfile(trx, {
        userId: coachId,
        teamId: team.id,
        role: "coach",
        coachRole: "head",
        fullName: coachName,
      });
      const coach: SeededAccount = {
        id: coachId,
        email: coachEmail,
        password: PASSWORD,
        role: "coach",
        fullName: coachName,
        team: teamOut,
      };

      const players: SeededAccount[] = [];
      // Jersey numbers are unique within a team (docs/product.md §11): a player left without one gets 7, or the
      // next number no other seeded player of the team wears.
      const used = new Set((spec.players ?? []).flatMap((p) => (p.jerseyNumber === undefined ? [] : [p.jerseyNumber])));
      const nextFree = () => {
        let n = 7;
        while (used.has(n)) n = (n + 1) % 100;
        used.add(n);
        return n;
      };
      for (const p of spec.players ?? []) {
        const fullName = p.fullName ?? "Pat Player";
        const primary = p.primaryPosition ?? "wr";
        const email = uniqueEmail("player");
        const id = await insertUser(trx, fullName, email);
        await createProfile(trx, {
          userId: id,
          teamId: team.id,
          role: "player",
          coachRole: null,
          fullName,
          jerseyNumber: p.jerseyNumber ?? nextFree(),
          primaryPosition: primary,
          positions: [primary, ...(p.positions ?? []).filter((x) => x !== primary)],
        });
        players.push({
          id,
          email,
          password: PASSWORD,
          role: "player",
          fullName,
          team: { ...teamOut, coachInviteCode: null },
        });
      }
      return { coach, players };
    });
}

/** A coach and their players, the players by full name (the shape the coach-*.spec.ts files read). */
export async function seedTeamByName(players: readonly PlayerSeed[], teamName?: string, coachName?: string) {
  const seeded = await seedTeam({ teamName, coachName, players });
  const byName: Record<string, SeededAccount> = {};
  for (const p of seeded.players) byName[p.fullName] = p;
  return { coach: seeded.coach, players: byName, list: seeded.players };
}
