import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertSafeKey, StorageUnavailable, type FileStore } from "./file-store.js";

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Garage...): requests then use path-style URLs. Unset: AWS S3. */
  endpoint?: string;
  /** Both or neither; neither uses the SDK's own credential chain (environment, instance role...). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface S3FileStore extends FileStore {
  /** Closes the client's connections. */
  close(): void;
}

/** How long to wait for a connection to the store, and for an answer once connected. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

function isMissingKey(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.name === "NoSuchKey" || error.name === "NotFound";
  return (error as { name?: unknown } | null)?.name === "NoSuchKey";
}

/** Objects in an S3 bucket, one per key, with their content type. */
export function createS3FileStore(opts: S3StoreOptions): S3FileStore {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // The SDK's default CRC checksums on every request are not understood by every S3-compatible service.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the request (each of the SDK's 3 attempts) instead of holding it for ever.
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = opts.bucket;

  /** Sends a command; whatever fails on the way (refused, timed out, a 5xx, denied) is StorageUnavailable. */
  async function send<T>(what: string, command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      if (isMissingKey(error)) throw error;
      throw new StorageUnavailable(what, error);
    }
  }

  return {
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await send("store an object", () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
          }),
        ),
      );
    },

    async get(key) {
      assertSafeKey(key);
      try {
        return await send("read an object", async () => {
          const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          if (!res.Body) return null;
          const bytes = await res.Body.transformToByteArray();
          return { bytes, contentType: res.ContentType ?? "application/octet-stream" };
        });
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await send("delete an object", () => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },

    close() {
      client.destroy();
    },
  };
}
