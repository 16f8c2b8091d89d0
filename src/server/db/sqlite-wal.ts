import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";

/*
 * The WAL file, grown before the server's first write rather than by it (issue #34, docs/performance.md).
 *
 * SQLite deletes a database's WAL when its last connection closes, so after every clean restart the WAL starts at
 * 0 bytes and the first burst of writes grows it: on the saturday bench at 2,000 games it grew from 0 to 7.8 MB in
 * the first second of writing, and every commit in that second also had to sync the file's new size. The writer's
 * thread fell 70–320 ms behind, and commits took 10–29 ms against 5 ms once the file had its size. After that the
 * WAL never shrinks (nothing sets journal_size_limit), and commits rewrite space the file already has.
 *
 * So a server that finds no WAL gives the database one of `bytes` zeros, written and synced before any connection
 * opens it. SQLite reads a WAL whose header is not valid as empty: it writes its header and frames from offset 0,
 * inside the space already there, and recovery after a crash stops at the first frame that is not valid, as
 * always. The file appears under its name only when complete (a hard link from a file of this process's own), so
 * no other process can open a half-written one; a WAL that exists (a crash, or another process has the database
 * open) is never touched. This is an optimisation: any failure leaves things as SQLite would have them. A scratch
 * file left by a process killed while it wrote the zeros is removed by the next start.
 */

/** What the WAL reached at 2,000 games (7.8 MB), with room to spare. */
export const PREALLOCATED_WAL_BYTES = 16 * 1024 * 1024;

const CHUNK = 1024 * 1024;

const SCRATCH_SUFFIX = ".preallocating";

/** The file a process writes the zeros to before linking it in: named with its process id, so never shared. */
export function scratchOf(wal: string, pid: number): string {
  return `${wal}.${pid}${SCRATCH_SUFFIX}`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as { code?: string }).code === "EPERM";
  }
}

/** Removes the scratch files of processes killed while they wrote them (up to 16 MB each); others' are left alone. */
function removeAbandonedScratch(wal: string): void {
  const prefix = `${path.basename(wal)}.`;
  let names: string[];
  try {
    names = readdirSync(path.dirname(wal));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(SCRATCH_SUFFIX)) continue;
    const pid = Number(name.slice(prefix.length, -SCRATCH_SUFFIX.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    try {
      rmSync(path.join(path.dirname(wal), name), { force: true });
    } catch {
      // Not a file (a directory of that name), or not ours to remove: left as it is.
    }
  }
}

/**
 * Gives the SQLite database `file` a WAL of `bytes` zeros when it has none. True when it did; false when the
 * database does not exist yet (SQLite deletes a WAL beside an empty database), already has a WAL, or the file could
 * not be written (the disk is full): then the WAL grows as SQLite writes, as before.
 */
export function preallocateWal(file: string, bytes = PREALLOCATED_WAL_BYTES): boolean {
  const wal = `${file}-wal`;
  removeAbandonedScratch(wal);
  if (!existsSync(file) || statSync(file).size === 0 || existsSync(wal)) return false;
  const scratch = scratchOf(wal, process.pid);
  try {
    const fd = openSync(scratch, "w");
    try {
      const zeros = Buffer.alloc(Math.min(CHUNK, bytes));
      for (let written = 0; written < bytes;)
        written += writeSync(fd, zeros, 0, Math.min(zeros.length, bytes - written));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // Fails if a WAL appeared meanwhile (another process opened the database): that one stays as it is.
    linkSync(scratch, wal);
    return true;
  } catch {
    return false;
  } finally {
    try {
      rmSync(scratch, { force: true });
    } catch {
      // Not a file of ours (the write failed because something else has that name): left as it is.
    }
  }
}
