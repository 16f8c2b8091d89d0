import type { Engine } from "../../src/server/db/index.js";
import { defaultPgUrl, walkFlags } from "../flags.js";

/** What one `npm run bench -- --scenario league-saturday` does (league.ts). */
interface LeagueSaturdayOptions {
  /** Teams logging at once (both teams of G/2 league games). */
  games: number;
  /** Assistant coaches per team holding the team's stream open. */
  viewers: number;
  players: number;
  background: number;
  /** Seconds of writing, seconds between one scorer's snaps, seconds a game lasts. */
  duration: number;
  period: number;
  gameLength: number;
  leagueTeams: number;
  divisionTeams: number;
  weeksPlayed: number;
  confirmShare: number;
  acceptShare: number;
  /** Uncached reads of the public league page a second. */
  publicReads: number;
  engine: Engine;
  workers: number;
  fromSource: boolean;
  pgUrl: string;
  logLevel: string;
  outDir: string;
}

function usage(): string {
  return `npm run bench -- --scenario league-saturday [options]

  --quick               a dev run: --games 80 --viewers 2 --duration 40 --game-length 20 --background 20
  --games 1000          teams logging at once: G/2 league games, both teams of each logging it
  --viewers 10          assistant coaches per team holding the team's stream open
  --players 15          confirmed players per team
  --background 300      background teams of 20 players (bench/generate.ts)
  --duration 180        seconds of writing
  --period 10           seconds between one scorer's snaps
  --game-length 120     seconds a game lasts; games end in turn all through the window, the next one starting
  --league-teams 200    teams per league; --division-teams 20 (a multiple of 4) per division
  --weeks-played 5      weekly rounds each division played before today, with results
  --confirm-share 0.2   share of games one coach ends and the other confirms; --accept-share 0.2: both end them
                        on different finals and one accepts the other's; the rest: both end on the same final
  --public-reads 2      uncached reads of the public league page a second (0: none)
  --engine sqlite       sqlite or postgres
  --workers 2           load worker threads of the bench client
  --from-source         run the server with tsx instead of the bench's bundle
  --pg-url URL          PostgreSQL admin URL (a fresh database is made and dropped)
  --log-level info      LOG_LEVEL of the server
  --out bench/results   where league-saturday-<engine>.{json,md} go
`;
}

export function parseLeagueOptions(argv: readonly string[]): LeagueSaturdayOptions {
  const quick = argv.includes("--quick");
  const o: LeagueSaturdayOptions = {
    games: quick ? 80 : 1000,
    viewers: quick ? 2 : 10,
    players: 15,
    background: quick ? 20 : 300,
    duration: quick ? 40 : 180,
    period: 10,
    gameLength: quick ? 20 : 120,
    leagueTeams: 200,
    divisionTeams: 20,
    weeksPlayed: 5,
    confirmShare: 0.2,
    acceptShare: 0.2,
    publicReads: 2,
    engine: "sqlite",
    workers: 2,
    fromSource: false,
    pgUrl: defaultPgUrl(),
    logLevel: "info",
    outDir: "bench/results",
  };
  walkFlags(argv, usage, o, (flag, value) => {
    const num = () => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} takes a number`);
      return n;
    };
    switch (flag) {
      case "--scenario":
        return value() === "league-saturday";
      case "--games":
        o.games = num();
        return true;
      case "--viewers":
        o.viewers = num();
        return true;
      case "--players":
        o.players = Math.max(2, num());
        return true;
      case "--background":
        o.background = num();
        return true;
      case "--duration":
        o.duration = Math.max(10, num());
        return true;
      case "--period":
        o.period = Math.max(1, num());
        return true;
      case "--game-length":
        o.gameLength = Math.max(5, num());
        return true;
      case "--league-teams":
        o.leagueTeams = num();
        return true;
      case "--division-teams":
        o.divisionTeams = num();
        return true;
      case "--weeks-played":
        o.weeksPlayed = num();
        return true;
      case "--confirm-share":
        o.confirmShare = num();
        return true;
      case "--accept-share":
        o.acceptShare = num();
        return true;
      case "--public-reads":
        o.publicReads = num();
        return true;
      case "--engine": {
        const e = value();
        if (e !== "sqlite" && e !== "postgres") throw new Error(`--engine takes sqlite or postgres, got "${e}"`);
        o.engine = e;
        return true;
      }
      case "--workers":
        o.workers = Math.max(1, num());
        return true;
      case "--from-source":
        o.fromSource = true;
        return true;
      default:
        return false;
    }
  });
  if (o.games % o.divisionTeams !== 0) throw new Error("--games must be a multiple of --division-teams");
  return o;
}
