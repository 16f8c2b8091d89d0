import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
// http_ece is web-push's own RFC 8188 implementation; here it decrypts, as a browser does, with the device's keys.
import ece from "http_ece";

/*
 * A push service on the loopback, for tests (issue #30: "tests run a local push endpoint that decrypts the payload
 * with the subscription's keys (RFC 8291), so the whole path is real"). Each device it makes has its own P-256 key
 * pair and auth secret, as a browser's subscription does; what the server posts to a device's endpoint is checked as
 * a push service and a browser would: the VAPID signature (RFC 8292: ES256 over the JWT, by the key in `k`, for this
 * origin, not expired), then decrypted (RFC 8291, aes128gcm) with the device's private key and auth secret.
 */

export interface PushMessage {
  /** The decrypted payload, parsed (the server sends JSON). */
  payload: { title: string; body: string; url: string; tag: string; at: number };
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID key the request was signed with, and the JWT's claims. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  receivedAt: number;
}

export interface TestDevice {
  id: string;
  /** What a browser's PushSubscription.toJSON() gives. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime: null };
  messages: PushMessage[];
  /** What the endpoint answers next: 201 (default), 410 (unsubscribed), 500, 429… */
  status: number;
}

export interface LocalPushService {
  origin: string;
  device(): TestDevice;
  /** Requests refused (bad signature, could not decrypt): a correct server makes none. */
  refused: string[];
  /** Every message received, in order. */
  all(): PushMessage[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292) for `origin`; returns the key and claims, or throws. */
function checkVapid(header: string | undefined, origin: string): { key: string; claims: PushMessage["claims"] } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [jwt, key] = [m[1]!, m[2]!];
  const [head, body, signature] = jwt.split(".");
  if (!head || !body || !signature) throw new Error("malformed JWT");
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("VAPID signature does not verify");
  const alg = (JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string }).alg;
  if (alg !== "ES256") throw new Error(`JWT alg is ${alg}`);
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as PushMessage["claims"];
  if (claims.aud !== origin) throw new Error(`JWT aud is ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now) || claims.exp > now + 24 * 3600) throw new Error(`JWT exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub is ${claims.sub}`);
  return { key, claims };
}

export async function startPushService(): Promise<LocalPushService> {
  const devices = new Map<string, TestDevice & { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const refused: string[] = [];
  const all: PushMessage[] = [];
  let origin = "";
  let next = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1];
      const device = id ? devices.get(id) : undefined;
      if (req.method !== "POST" || !device) {
        res.writeHead(404).end();
        return;
      }
      if (device.status !== 201) {
        res.writeHead(device.status, device.status === 429 ? { "retry-after": "1" } : {}).end();
        return;
      }
      try {
        const { key, claims } = checkVapid(req.headers.authorization, origin);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL is ${req.headers.ttl}`);
        const plain = ece.decrypt(body, {
          version: "aes128gcm",
          privateKey: device.ecdh,
          authSecret: device.auth.toString("base64url"),
        });
        const message: PushMessage = {
          payload: JSON.parse(plain.toString("utf8")) as PushMessage["payload"],
          ttl,
          urgency: (req.headers.urgency as string | undefined) ?? null,
          topic: (req.headers.topic as string | undefined) ?? null,
          vapidKey: key,
          claims,
          receivedAt: Date.now(),
        };
        device.messages.push(message);
        all.push(message);
        res.writeHead(201, { location: `${origin}/message/${all.length}` }).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    refused,
    all: () => [...all],
    device() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = `d${++next}`;
      const device = {
        id,
        ecdh,
        auth,
        messages: [] as PushMessage[],
        status: 201,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
          expirationTime: null,
        },
      };
      devices.set(id, device);
      return device;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
