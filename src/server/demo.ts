// Extends zod with .openapi() before any shared schema is built (see tests/server/support/setup.ts).
import "@hono/zod-openapi";
import { loadConfig } from "./config.js";
import { firstTeam, profileAccounts } from "./db/demo.js";
import { DEMO_COACH_EMAIL, DEMO_PASSWORD, seedDemo, type DemoTeam } from "./demo/seed.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";

// The demo never touches the real data folder unless told to.
process.env.DATA_DIR ||= "./data-demo";
const config = loadConfig();
const log = createLogger(config.logLevel);
const running = await startServer(config, log);
const seeded = await seedDemo(running.services.database.db, running.services.auth);
const players = await profileAccounts(running.services.database.db);
const team = await firstTeam(running.services.database.db);

/** "8 games (5-2, 1 live today), 6 practices, 723 snaps, …" */
function seasonLine(d: DemoTeam): string {
  const live = d.gamesInProgress > 0 ? `, ${d.gamesInProgress} live today` : "";
  return [
    `${d.games} games (${d.record}${live})`,
    `${d.practices} practices`,
    `${d.snaps} snaps`,
    `${d.plays} plays in the playbook`,
    `${d.feedback} feedback notes`,
    `${d.trainingLogs} training logs`,
    `${d.schedule.upcoming} events on the schedule ahead`,
  ].join(", ");
}

const lines = [
  "",
  `Flagline demo ${seeded ? "seeded" : "(already seeded)"} in ${config.dataDir}`,
  `Open ${running.url}`,
  "",
  `Team: ${team?.name ?? "?"}   team code: ${team?.team_code ?? "?"}   coach invite code: ${team?.coach_invite_code ?? "?"}`,
  seeded ? seasonLine(seeded) : "",
  "",
  `All demo accounts use the password: ${DEMO_PASSWORD}`,
  `  head coach  ${DEMO_COACH_EMAIL}`,
  ...players.filter((p) => p.role === "player").map((p) => `  player      ${p.email}  (${p.full_name})`),
  "",
];
process.stdout.write(lines.join("\n") + "\n");

const stop = () => void running.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
