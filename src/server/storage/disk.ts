import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, contentTypeOfKey, type FileStore } from "./file-store.js";

/** Temporary files are written here, a folder no key can name (key segments never start with a dot). */
const TEMP_DIR = ".tmp";

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Files under a folder (DATA_DIR/uploads), one file per key. A write goes to a temporary file that is flushed to
 * disk and then renamed over the final name, so a reader sees the old object or the new one, never half of one,
 * and a crash leaves at most a stray temporary file. The content type is the key's extension's: a key ending in
 * ".webp" must be stored as image/webp.
 */
export function createDiskFileStore(root: string): FileStore {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(base, key);
    // assertSafeKey already rules out "..", absolute paths and backslashes; this is the belt to those braces.
    if (!full.startsWith(base + path.sep)) throw new Error(`storage key escapes the store: ${JSON.stringify(key)}`);
    return full;
  }

  return {
    async put(key, bytes, contentType) {
      const target = pathOf(key);
      const expected = contentTypeOfKey(key);
      if (contentType !== expected) {
        throw new Error(`the disk store keeps ${key} as ${expected}, not ${contentType}: name the key for its type`);
      }
      const tempDir = path.join(base, TEMP_DIR);
      await mkdir(tempDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(tempDir, `${randomUUID()}.part`);
      const handle = await open(temp, "wx", 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      // Make the rename itself durable. Not every platform lets a folder be opened for fsync; the file is safe anyway.
      try {
        const dir = await open(path.dirname(target), "r");
        try {
          await dir.sync();
        } finally {
          await dir.close();
        }
      } catch {
        // best effort
      }
    },

    async get(key) {
      const target = pathOf(key);
      try {
        const bytes = await readFile(target);
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: contentTypeOfKey(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const target = pathOf(key);
      await rm(target, { force: true });
    },
  };
}
