import path from "node:path";
import type { Config } from "../config.js";
import { createDiskFileStore } from "./disk.js";
import type { FileStore } from "./file-store.js";
import { createS3FileStore } from "./s3.js";

export type { FileStore } from "./file-store.js";

/** The folder under DATA_DIR the disk store keeps uploads in. */
const UPLOADS_DIR = "uploads";

/** The store the configuration asks for: DATA_DIR/uploads, or the S3 bucket of STORAGE=s3. */
export function createFileStore(config: Pick<Config, "dataDir" | "storage">): FileStore {
  const storage = config.storage;
  if (storage.kind === "s3") {
    return createS3FileStore({
      bucket: storage.bucket,
      region: storage.region,
      endpoint: storage.endpoint,
      accessKeyId: storage.accessKeyId,
      secretAccessKey: storage.secretAccessKey,
    });
  }
  if (!config.dataDir) throw new Error("the disk file store needs DATA_DIR");
  return createDiskFileStore(path.join(config.dataDir, UPLOADS_DIR));
}
