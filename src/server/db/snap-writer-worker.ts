/*
 * The snap writer's thread (db/snap-writer-thread.ts starts it; decision 0031). It opens its own connection to the
 * server's SQLite file and runs the same group-commit snap writer the server would run in process; each write is
 * answered once its transaction has committed. The file is an entry of its own: the server's bundle puts it at
 * dist/server/db/snap-writer-worker.js, and from source it runs under tsx.
 */
import { parentPort, workerData } from "node:worker_threads";
import path from "node:path";
import { openDatabase } from "./index.js";
import { createSnapWriter, GameFinalError, SnapIdTakenError } from "./snaps.js";
import type { SnapWriterReply, SnapWriterRequest, SnapWriterWorkerData } from "./snap-writer-thread.js";

const port = parentPort!;
const { file } = workerData as SnapWriterWorkerData;
const database = openDatabase({ dataDir: path.dirname(file), sqlitePath: file });
const writer = createSnapWriter(database.db);

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
    (statuses) => port.postMessage({ id: m.id, statuses } satisfies SnapWriterReply),
    (error: unknown) => port.postMessage({ id: m.id, error: failure(error) } satisfies SnapWriterReply),
  );
});
port.postMessage("ready");
