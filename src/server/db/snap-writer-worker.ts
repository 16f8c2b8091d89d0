/*
 * The snap writer's thread (db/snap-writer-thread.ts starts it; decision 0031). It opens its own connection to the
 * server's SQLite file and runs the same group-commit snap writer the server would run in process; each write is
 * answered once its transaction has committed. The file is an entry of its own: the server's bundle puts it at
 * dist/server/db/snap-writer-worker.js, and from source it runs under tsx.
 */
import { parentPort, workerData } from "node:worker_threads";
import path from "node:path";
import { createLogger } from "../logger.js";
import { DEFAULT_LEADERBOARD, readGameScoreboardBody, readLeaderboard } from "../reads/team-reads.js";
import { openDatabase } from "./index.js";
import { createSnapWriter, GameFinalError, SnapIdTakenError, type LiveReads, type LiveReadWish } from "./snaps.js";
import type { SnapWriterReply, SnapWriterRequest, SnapWriterWorkerData } from "./snap-writer-thread.js";

const port = parentPort!;
const { file, logLevel } = workerData as SnapWriterWorkerData;
const database = openDatabase({ dataDir: path.dirname(file), sqlitePath: file });
const writer = createSnapWriter(database.db);
const reader = { database, log: createLogger(logLevel ?? "info") };

/**
 * The live stream's payloads of the team's change, read on this connection right after the commit (decision 0043):
 * its page cache holds what the write just touched, where the server's connection would start cold after every
 * commit of this one. A read that fails is left to the server, which reads it as for any other change.
 */
async function liveReads(teamId: string, wish: LiveReadWish): Promise<LiveReads | undefined> {
  try {
    const { sessionId } = wish;
    const scoreboard = sessionId
      ? { sessionId, body: await readGameScoreboardBody(reader, teamId, sessionId) }
      : undefined;
    const leaderboard = wish.leaderboard
      ? JSON.stringify(await readLeaderboard(reader, teamId, DEFAULT_LEADERBOARD))
      : undefined;
    return { scoreboard, leaderboard };
  } catch (err) {
    reader.log.warn({ err, teamId }, "could not read the live update payloads on the snap writer's thread");
    return undefined;
  }
}

function failure(error: unknown): SnapWriterReply["error"] {
  if (error instanceof SnapIdTakenError) return { kind: "snap_id_taken", ids: [...error.ids] };
  if (error instanceof GameFinalError) return { kind: "game_final", ids: [...error.ids] };
  const e = error as { message?: unknown; code?: unknown } | null;
  return {
    kind: "other",
    message: typeof e?.message === "string" ? e.message : String(error),
    code: typeof e?.code === "string" ? e.code : undefined,
  };
}

port.on("message", (m: SnapWriterRequest) => {
  if (m.kind === "stop") {
    void writer
      .close()
      .then(() => database.close())
      .finally(() => port.close());
    return;
  }
  writer.write(m.teamId, m.createdBy, m.snaps).then(
    async (statuses) => {
      // The answer first: the request need not wait for the reads, only the live screens do.
      const readsFollow = m.wish !== undefined && statuses.includes("created");
      port.postMessage({ id: m.id, statuses, readsFollow } satisfies SnapWriterReply);
      if (!readsFollow) return;
      const reads = await liveReads(m.teamId, m.wish!);
      port.postMessage({ id: m.id, readsDone: true, reads } satisfies SnapWriterReply);
    },
    (error: unknown) => port.postMessage({ id: m.id, error: failure(error) } satisfies SnapWriterReply),
  );
});
port.postMessage("ready");
