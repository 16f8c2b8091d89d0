import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_UNREADABLE, UPLOAD_WRONG_TYPE } from "#domain/api/player.js";
import { loadConfig } from "../config.js";
import { createDiskFileStore } from "./disk.js";
import { contentTypeOfKey, isSafeKey, type FileStore } from "./file-store.js";
import { ImageRejected, reencodeImage, sniffImageType } from "./images.js";
import { createFileStore } from "./index.js";
import { createMemoryFileStore } from "./memory.js";
import { createS3FileStore, type S3FileStore } from "./s3.js";

// The SDK warns once per process that its 2027 releases will need Node 22; these machines run 20 (docs/architecture.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const dirs: string[] = [];
function tempDir(prefix = "flagline-storage-") {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const bytes = (...values: number[]) => new Uint8Array(values);

describe("storage keys", () => {
  it.each(["photos/3f2a9c1e-0b4d-4c55-9a57-1c7c4f0e8a11.webp", "a.png", "diagrams/team_1/x.y.jpg", "a/b/c/d.webp"])(
    "%s is safe",
    (key) => {
      expect(isSafeKey(key)).toBe(true);
    },
  );

  it.each([
    "",
    "noextension",
    "../escape.webp",
    "photos/../../etc/passwd.txt",
    "photos/..webp",
    "/absolute.webp",
    "photos//double.webp",
    ".hidden.webp",
    "photos/.tmp/x.webp",
    "back\\slash.webp",
    "nul\0.webp",
    "photos/a b.webp",
    "a/b/c/d/e.webp",
    "UPPER.WEBP",
    "x".repeat(600) + ".webp",
  ])("%j is refused", (key) => {
    expect(isSafeKey(key)).toBe(false);
  });

  it("the content type follows the extension", () => {
    expect(contentTypeOfKey("photos/a.webp")).toBe("image/webp");
    expect(contentTypeOfKey("a.jpg")).toBe("image/jpeg");
    expect(contentTypeOfKey("a.png")).toBe("image/png");
    expect(contentTypeOfKey("a.bin")).toBe("application/octet-stream");
  });
});

/** The behaviour every FileStore shares. */
function storeContract(name: string, make: () => FileStore | Promise<FileStore>) {
  describe(`${name}: the FileStore contract`, () => {
    let store: FileStore;
    beforeAll(async () => {
      store = await make();
    });

    it("puts, gets and deletes an object", async () => {
      await store.put("photos/one.webp", bytes(1, 2, 3), "image/webp");
      expect(await store.get("photos/one.webp")).toEqual({ bytes: bytes(1, 2, 3), contentType: "image/webp" });
      await store.delete("photos/one.webp");
      expect(await store.get("photos/one.webp")).toBeNull();
    });

    it("a missing key reads as null and deletes without error", async () => {
      expect(await store.get("photos/never-stored.webp")).toBeNull();
      await expect(store.delete("photos/never-stored.webp")).resolves.toBeUndefined();
    });

    it("a second put replaces the object", async () => {
      await store.put("diagrams/two.webp", bytes(1), "image/webp");
      await store.put("diagrams/two.webp", bytes(9, 8), "image/webp");
      expect((await store.get("diagrams/two.webp"))?.bytes).toEqual(bytes(9, 8));
    });

    it("holds a megabyte of binary exactly", async () => {
      const big = new Uint8Array(1024 * 1024).map((_, i) => (i * 31) % 256);
      await store.put("photos/big.webp", big, "image/webp");
      const back = await store.get("photos/big.webp");
      expect(back?.bytes.byteLength).toBe(big.byteLength);
      expect(Buffer.from(back!.bytes).equals(Buffer.from(big))).toBe(true);
    });

    it.each(["../x.webp", "/etc/passwd.webp", "photos/.tmp/x.webp", "a/../../b.webp"])(
      "refuses the unsafe key %j",
      async (key) => {
        await expect(store.put(key, bytes(1), "image/webp")).rejects.toThrow(/unsafe storage key/);
        await expect(store.get(key)).rejects.toThrow(/unsafe storage key/);
        await expect(store.delete(key)).rejects.toThrow(/unsafe storage key/);
      },
    );
  });
}

storeContract("memory", () => createMemoryFileStore());

describe("disk store", () => {
  const root = tempDir();
  storeContract("disk", () => createDiskFileStore(path.join(root, "contract")));

  it("writes under the root, one file per key, through a temporary file that does not stay behind", async () => {
    const dir = path.join(root, "layout");
    const store = createDiskFileStore(dir);
    await store.put("photos/a.webp", bytes(5, 6), "image/webp");
    expect(readFileSync(path.join(dir, "photos", "a.webp"))).toEqual(Buffer.from([5, 6]));
    expect(readdirSync(path.join(dir, ".tmp"))).toEqual([]);
    await store.delete("photos/a.webp");
    expect(existsSync(path.join(dir, "photos", "a.webp"))).toBe(false);
  });

  it("refuses a content type its key's extension does not stand for", async () => {
    const store = createDiskFileStore(path.join(root, "types"));
    await expect(store.put("photos/a.webp", bytes(1), "image/png")).rejects.toThrow(/image\/webp/);
    expect(await store.get("photos/a.webp")).toBeNull();
  });

  it("a reader never sees half an object while it is replaced", async () => {
    const store = createDiskFileStore(path.join(root, "atomic"));
    const a = new Uint8Array(512 * 1024).fill(1);
    const b = new Uint8Array(256 * 1024).fill(2);
    await store.put("photos/x.webp", a, "image/webp");
    const reads: Promise<unknown>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) {
      writes.push(store.put("photos/x.webp", i % 2 ? a : b, "image/webp"));
      reads.push(
        store.get("photos/x.webp").then((got) => {
          const v = got!.bytes;
          const whole =
            (v.byteLength === a.byteLength && v.every((x) => x === 1)) ||
            (v.byteLength === b.byteLength && v.every((x) => x === 2));
          expect(whole).toBe(true);
        }),
      );
    }
    await Promise.all([...writes, ...reads]);
  });
});

describe("configuration", () => {
  it("STORAGE defaults to disk under DATA_DIR/uploads", async () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.storage).toEqual({ kind: "disk" });
    const store = createFileStore(config);
    await store.put("photos/c.webp", bytes(7), "image/webp");
    expect(existsSync(path.join(dataDir, "uploads", "photos", "c.webp"))).toBe(true);
  });

  it("STORAGE=s3 reads the bucket, region, endpoint and keys", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE: "s3",
      S3_BUCKET: "team-files",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.storage).toEqual({
      kind: "s3",
      bucket: "team-files",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(loadConfig({ DATA_DIR: tempDir(), STORAGE: "s3", S3_BUCKET: "b", S3_REGION: "eu-west-3" }).storage).toEqual({
      kind: "s3",
      bucket: "b",
      region: "eu-west-3",
    });
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ STORAGE: "ftp" }, /STORAGE must be disk or s3/],
    [{ STORAGE: "s3" }, /S3_BUCKET/],
    [{ STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "not a url" }, /S3_ENDPOINT/],
    [{ STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "only-one" }, /S3_SECRET_ACCESS_KEY/],
  ])("refuses %j", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });
});

describe("S3 store against s3rver", () => {
  let server: S3rver;
  let endpoint: string;
  const bucket = "flagline-test";
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  let store: S3FileStore;

  beforeAll(async () => {
    server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: tempDir("flagline-s3rver-") });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    const admin = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    admin.destroy();
    store = createS3FileStore({ bucket, region: "us-east-1", endpoint, ...credentials });
  });
  afterAll(async () => {
    store?.close();
    await server?.close();
  });

  storeContract("s3", () => store);

  it("keeps each object's content type", async () => {
    await store.put("photos/typed.png", bytes(1), "image/png");
    expect((await store.get("photos/typed.png"))?.contentType).toBe("image/png");
  });

  it("createFileStore builds it from STORAGE=s3", async () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    const configured = createFileStore(config);
    await configured.put("photos/configured.webp", bytes(4, 2), "image/webp");
    expect((await store.get("photos/configured.webp"))?.bytes).toEqual(bytes(4, 2));
    (configured as S3FileStore).close();
  });

  it("a missing bucket is an error, not an empty answer", async () => {
    const wrong = createS3FileStore({ bucket: "no-such-bucket", region: "us-east-1", endpoint, ...credentials });
    await expect(wrong.get("photos/x.webp")).rejects.toThrow();
    wrong.close();
  });
});

describe("image re-encoding", () => {
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } });

  it.each<[string, () => Promise<Buffer>]>([
    ["JPEG", () => solid(40, 30).jpeg().toBuffer()],
    ["PNG", () => solid(40, 30).png().toBuffer()],
    ["WebP", () => solid(40, 30).webp().toBuffer()],
  ])("accepts %s and stores WebP, never enlarged", async (_name, make) => {
    const out = await reencodeImage(await make(), "photo");
    expect(out).toMatchObject({ mime: "image/webp", width: 40, height: 30 });
    expect((await sharp(out.bytes).metadata()).format).toBe("webp");
  });

  it("photos fit 512 x 512, diagrams 1600 x 1600", async () => {
    const big = await solid(4000, 1000).png().toBuffer();
    expect(await reencodeImage(big, "photo")).toMatchObject({ width: 512, height: 128 });
    expect(await reencodeImage(big, "diagram")).toMatchObject({ width: 1600, height: 400 });
  });

  it("keeps a PNG's transparency", async () => {
    const png = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await reencodeImage(png, "diagram");
    expect((await sharp(out.bytes).metadata()).hasAlpha).toBe(true);
  });

  it.each<[string, Uint8Array]>([
    [
      "a Windows executable",
      new Uint8Array(Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "latin1")),
    ],
    ["an ELF binary", new Uint8Array(Buffer.from("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00", "latin1"))],
    [
      "a GIF",
      new Uint8Array(
        Buffer.from(
          "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
          "latin1",
        ),
      ),
    ],
    ["an SVG", new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))],
    ["text", new Uint8Array(Buffer.from("hello, this is not an image"))],
    ["nothing", new Uint8Array(0)],
  ])("refuses %s as the wrong type", async (_name, input) => {
    expect(await sniffImageType(input)).toBeNull();
    await expect(reencodeImage(input, "photo")).rejects.toEqual(new ImageRejected("type", UPLOAD_WRONG_TYPE));
  });

  it("a file with an image's magic bytes that cannot be decoded is unreadable", async () => {
    const fake = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(2000).fill(7)]);
    expect(await sniffImageType(fake)).toBe("image/jpeg");
    const error = await reencodeImage(fake, "photo").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejected);
    expect(error).toMatchObject({ reason: "unreadable", message: UPLOAD_UNREADABLE });
  });

  it("an image of more than 64 megapixels is refused before decoding", async () => {
    const huge = await sharp({ create: { width: 9000, height: 8000, channels: 3, background: "white" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const error = await reencodeImage(huge, "photo").catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "unreadable", message: expect.stringMatching(/64 megapixels/) });
  });
});
