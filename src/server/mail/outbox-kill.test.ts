import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "#tests/support/host-speed.js";
import { startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { enqueueMail } from "../db/mail-outbox.js";
import { outboxMessageId } from "./outbox-sender.js";

/*
 * Exactly once with real servers (decision 0028): two server processes (src/server/main.ts, as an install runs
 * them) share one database and a slow SMTP peer; one is killed with SIGKILL in the middle of sending. Its claims
 * stay behind; once they expire (the test moves them into the past, as two minutes would) the other server sends
 * those rows. Every message arrives; the only copy allowed is the one message the killed server was handing over
 * at that instant (accepted by the peer, never marked sent), and it carries the same Message-ID.
 */

const FROM = "Flagline <noreply@flagline.test>";
const COUNT = 24;

interface Server {
  child: ChildProcess;
  output: () => string;
}

async function until(what: string, condition: () => boolean | Promise<boolean>, ms: number, server?: Server) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${server?.output().slice(-3000) ?? ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(testEngines())("two servers and a kill on $engine", ({ create }) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  const servers: Server[] = [];
  const dirs: string[] = [];

  function startServer(): Server {
    const dataDir = "DATA_DIR" in database.env ? database.env.DATA_DIR : mkdtempSync(join(tmpdir(), "flagline-kill-"));
    if (!("DATA_DIR" in database.env)) dirs.push(dataDir);
    let output = "";
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "DATABASE_URL" in database.env ? database.env.DATABASE_URL : "",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        WEB_ROOT: "/nonexistent",
        AUTH_SECRET: "kill-test-secret-kill-test-secret-0123",
        SMTP_URL: peer.url,
        MAIL_FROM: FROM,
        CONTACT_TO: "",
        PROCESSES: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    const server = { child, output: () => output };
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    database = await create();
    // Each message is answered 300 ms after it was taken in: a batch takes seconds, so the kill lands inside it.
    peer = await startSmtpPeer(0, { acceptAfterMs: 300 });
  });
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    await peer?.close();
    await database?.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it(
    "every message arrives; a copy only of the one in flight at the kill, with the same Message-ID",
    async () => {
      const keys: string[] = [];
      for (let i = 0; i < COUNT; i++) {
        const key = `kill-test:${i}`;
        keys.push(key);
        await enqueueMail(database.db, {
          key,
          kind: "test",
          to: `k${i}@example.test`,
          subject: `Kill test ${i}`,
          text: `Body ${i}`,
        });
      }
      const first = startServer();
      const second = startServer();
      const serving = (s: Server) => s.output().includes("Flagline is serving");
      await until("both servers to serve", () => serving(first) && serving(second), scaled(90_000), first);
      await until("three messages to arrive", () => peer.messages.length >= 3, scaled(60_000), first);
      // Kill the server holding claims on rows not yet sent: in the middle of its batch.
      const holder = await database.db
        .selectFrom("mail_outbox")
        .select("claimed_by")
        .where("sent_at", "is", null)
        .where("claimed_by", "is not", null)
        .executeTakeFirst();
      expect(holder, "a server in the middle of a batch").toBeDefined();
      const pid = Number(holder!.claimed_by!.split("-")[0]);
      const [a, b] = first.child.pid === pid ? [first, second] : [second, first];
      expect(a.child.pid).toBe(pid);
      a.child.kill("SIGKILL");
      await new Promise((resolve) => a.child.once("exit", resolve));
      const died = await database.db
        .selectFrom("mail_outbox")
        .select("idempotency_key")
        .where("sent_at", "is", null)
        .where("claimed_by", "like", `${pid}-%`)
        .execute();
      expect(died.length, "rows the killed server left claimed").toBeGreaterThan(0);
      // Two minutes pass for the dead server's claims (the survivor's own claims are renewed as it sends).
      await database.db
        .updateTable("mail_outbox")
        .set({ claimed_until: new Date(Date.now() - 1).toISOString() })
        .where("sent_at", "is", null)
        .where("idempotency_key", "in", died.length ? died.map((r) => r.idempotency_key) : ["-"])
        .execute();
      await until(
        "every message to be marked sent",
        async () =>
          (await database.db.selectFrom("mail_outbox").select("id").where("sent_at", "is", null).execute()).length ===
          0,
        scaled(60_000),
        b,
      );

      const bySubject = new Map<string, { messageId: string | null }[]>();
      for (const m of peer.messages) bySubject.set(m.subject, [...(bySubject.get(m.subject) ?? []), m]);
      const copies: string[] = [];
      for (const [i, key] of keys.entries()) {
        const got = bySubject.get(`Kill test ${i}`) ?? [];
        expect(got.length, key).toBeGreaterThanOrEqual(1);
        expect(new Set(got.map((m) => m.messageId)), key).toEqual(new Set([outboxMessageId(key, FROM)]));
        if (got.length > 1) copies.push(key);
      }
      // The killed server hands over one message at a time: at most that one can arrive twice.
      expect(copies.length).toBeLessThanOrEqual(1);
      expect(b.output()).toContain("mail sent");
    },
    scaled(180_000),
  );
});
