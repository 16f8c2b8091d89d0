/**
 * Where uploaded files live (docs/architecture.md "file storage"): files under DATA_DIR/uploads by default, any
 * S3-compatible object store when one machine is not enough. Callers name objects by key; what a key belongs to
 * (team, owner, kind) is recorded in the `files` table, never derived from the key.
 */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStore {
  /** Stores (or replaces) the object. Resolves once it is durably written. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * The store could not do what was asked: the object store is down, out of reach or refusing requests. A caller
 * answers 503 (http/image-upload.ts, routes/files.ts); the same request works once the store is back.
 */
export class StorageUnavailable extends Error {
  constructor(what: string, cause: unknown) {
    super(`the file store could not ${what}: ${cause instanceof Error ? cause.message || cause.name : String(cause)}`, {
      cause,
    });
    this.name = "StorageUnavailable";
  }
}

/**
 * Keys are relative paths of 1 to 4 segments of letters, digits, "-", "_" and "." (no segment starting with a
 * dot), ending in a file extension: "photos/3f2a….webp". Nothing a key holds can climb out of the store's root
 * or name a hidden or temporary file.
 */
const SEGMENT = String.raw`[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}`;
const SAFE_KEY = new RegExp(String.raw`^(?:${SEGMENT}/){0,3}${SEGMENT}\.[a-z0-9]{1,8}$`);

export function isSafeKey(key: string): boolean {
  return (
    typeof key === "string" && key.length <= 512 && SAFE_KEY.test(key) && !key.split("/").some((s) => s.includes(".."))
  );
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

const TYPE_OF_EXTENSION: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

/** The content type a key's extension stands for (the disk store keeps no other record of it). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return Object.hasOwn(TYPE_OF_EXTENSION, ext) ? TYPE_OF_EXTENSION[ext]! : "application/octet-stream";
}
