import type { Engine } from "../../src/server/db/index.js";
import { defaultPgUrl, walkFlags } from "../flags.js";

/** What one `npm run bench -- --scenario saturday` does. */
export interface SaturdayOptions {
  quick: boolean;
  /** The G ladder: simultaneous games per run. */
  games: number[];
  /** Assistant coaches watching per team (scoreboard + leaderboard), and players watching (scoreboard only). */
  viewers: number;
  playerViewers: number;
  /** Follow pages per game (docs/product.md §15, issue #30): anonymous streams of the game's follow link. */
  followers: number;
  /** Confirmed players per game team. */
  players: number;
  /** Teams that only make the tables big (bench/generate.ts: 20 players, 10 events each). */
  background: number;
  backgroundEvents: number;
  /** Seconds of writing per G, and seconds between one scorer's snaps. */
  duration: number;
  period: number;
  engine: Engine;
  servers: number;
  designs: Array<"today" | "new">;
  /** Load worker threads of the bench client. */
  workers: number;
  /** Keep climbing the ladder after a design missed a target (default: stop that design there). */
  noSkip: boolean;
  /**
   * Seconds into each write window at which issue #29's reminder burst falls due (10 with --reminder-burst) (a reminder for every player of
   * every game team, sent by the server under test to the bench's SMTP sink: bench/saturday/burst.ts); null: none.
   */
  reminderBurst: number | null;
  pgUrl: string;
  logLevel: string;
  outDir: string;
  /** The viewers' and follow pages' streams over h2c, 500 to a connection (decision 0036). */
  h2: boolean;
}

function usage(): string {
  return `npm run bench -- --scenario saturday [options]

  --quick               a dev run under 3 minutes: --games 20,50 --viewers 5 --duration 20 --background 50
  --games 100,250,500,1000  the G ladder (simultaneous games; one scorer each, a snap every --period s)
  --viewers 10          assistant coaches per team watching scoreboard + leaderboard over the stream
  --player-viewers 0    players per team also watching (scoreboard only)
  --followers 0         follow pages per game (issue #30: 40), each holding the game's follow link stream; the
                        today design has no follow links, so give --designs new
  --players 15          confirmed players per game team
  --background 300      background teams of 20 players (bench/generate.ts)
  --background-events 10  events per background player
  --duration 180        seconds of writing per G
  --period 10           seconds between one scorer's snaps
  --engine sqlite       sqlite or postgres
  --servers 1           app servers; 2 or more need --engine postgres and run behind a TCP round-robin balancer
  --designs today,new   which designs to run (today's: commit 56c5083; new: the working tree)
  --workers 2           load worker threads of the bench client
  --no-skip             run every G even after a design clearly missed (p99 over twice the target); on with --quick
  --reminder-burst      10 s into each write window a reminder falls due for every player of every game team:
                        the server sends them to the bench's SMTP sink while the games go on (issue #29); give
                        --duration 150 so that the server's minute tick and the sending end inside the window
  --pg-url URL          PostgreSQL admin URL (a fresh database per design is made and dropped)
  --h2                  open the streams over HTTP/2 without TLS (h2c), 500 to a connection, as a proxy that
                        multiplexes its clients' streams does (decision 0036); writes and reads stay HTTP/1.1.
                        Without it each stream holds a socket, so one server's open-file limit bounds the streams
  --log-level info      LOG_LEVEL of the servers (production default)
  --out bench/results   where saturday.json and saturday.md go
`;
}

const ints = (flag: string, v: string) =>
  v.split(",").map((s) => {
    const n = Number(s.trim().replace(/_/g, ""));
    if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} takes whole numbers, got "${v}"`);
    return n;
  });

export function parseSaturdayOptions(argv: readonly string[]): SaturdayOptions {
  const quick = argv.includes("--quick");
  const o: SaturdayOptions = {
    quick,
    games: quick ? [20, 50] : [100, 250, 500, 1000],
    viewers: quick ? 5 : 10,
    playerViewers: 0,
    followers: 0,
    players: 15,
    background: quick ? 50 : 300,
    backgroundEvents: 10,
    duration: quick ? 20 : 180,
    period: 10,
    engine: "sqlite",
    servers: 1,
    designs: ["today", "new"],
    workers: 2,
    noSkip: quick,
    reminderBurst: null,
    pgUrl: defaultPgUrl(),
    logLevel: "info",
    outDir: "bench/results",
    h2: false,
  };
  walkFlags(argv, usage, o, (flag, value) => {
    const one = () => ints(flag, value())[0]!;
    switch (flag) {
      case "--scenario":
        if (value() !== "saturday") throw new Error("--scenario takes saturday (or leave it out for the default)");
        return true;
      case "--games":
        o.games = ints(flag, value()).filter((g) => g > 0);
        return true;
      case "--viewers":
        o.viewers = one();
        return true;
      case "--player-viewers":
        o.playerViewers = one();
        return true;
      case "--followers":
        o.followers = one();
        return true;
      case "--players":
        o.players = Math.max(2, one());
        return true;
      case "--background":
        o.background = one();
        return true;
      case "--background-events":
        o.backgroundEvents = one();
        return true;
      case "--duration":
        o.duration = Math.max(5, one());
        return true;
      case "--period":
        o.period = Math.max(1, one());
        return true;
      case "--engine":
      case "--engines": {
        const e = value();
        if (e !== "sqlite" && e !== "postgres") throw new Error(`--engine takes sqlite or postgres, got "${e}"`);
        o.engine = e;
        return true;
      }
      case "--servers":
        o.servers = Math.max(1, one());
        return true;
      case "--designs": {
        const d = value().split(",");
        for (const x of d) if (x !== "today" && x !== "new") throw new Error(`unknown design "${x}"`);
        o.designs = d as SaturdayOptions["designs"];
        return true;
      }
      case "--workers":
        o.workers = Math.max(1, one());
        return true;
      case "--no-skip":
        o.noSkip = true;
        return true;
      case "--reminder-burst":
        o.reminderBurst = 10;
        return true;
      case "--h2":
        o.h2 = true;
        return true;
      default:
        return false;
    }
  });
  if (o.servers > 1 && o.engine !== "postgres")
    throw new Error("--servers 2 needs --engine postgres (SQLite is one server's embedded file)");
  if (o.games.length === 0) throw new Error("--games needs at least one G");
  o.games.sort((a, b) => a - b);
  return o;
}
