import { assertSafeKey, type FileStore, type StoredObject } from "./file-store.js";

export interface MemoryFileStore extends FileStore {
  /** Every key held, sorted. */
  keys(): string[];
}

/** Objects in a Map: for tests, and for a server started without a data folder. Copies in and out. */
export function createMemoryFileStore(): MemoryFileStore {
  const objects = new Map<string, StoredObject>();
  return {
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      objects.set(key, { bytes: new Uint8Array(bytes), contentType });
    },
    async get(key) {
      assertSafeKey(key);
      const found = objects.get(key);
      return found ? { bytes: new Uint8Array(found.bytes), contentType: found.contentType } : null;
    },
    async delete(key) {
      assertSafeKey(key);
      objects.delete(key);
    },
    keys() {
      return [...objects.keys()].sort();
    },
  };
}
