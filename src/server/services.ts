/*
 * What the server runs on, handed to every part of it: the services (database, auth, hub, file store, writers,
 * mailer) built once by server.ts, and the viewer, the signed-in caller as the server trusts it. Plain types, so
 * realtime/ and storage/ can name them without importing the HTTP layer (http/context.ts puts both on a request).
 */
import type { Auth } from "./auth/index.js";
import type { Config } from "./config.js";
import type { EventWriter } from "./db/event-writer.js";
import type { SnapWriter } from "./db/snaps.js";
import type { Database } from "./db/index.js";
import type { Logger } from "./logger.js";
import type { Mailer } from "./mail/index.js";
import type { TeamHub } from "./realtime/hub.js";
import type { FileStore } from "./storage/file-store.js";

export interface Services {
  database: Database;
  auth: Auth;
  config: Config;
  log: Logger;
  /** Live updates: writes publish what changed for a team, GET /api/team/stream relays it. */
  hub: TeamHub;
  /** Uploaded files (photos, diagrams): DATA_DIR/uploads or an S3 bucket. */
  files: FileStore;
  /**
   * The group-commit writer every logged event goes through, one per database (docs/architecture.md budget:
   * >= 2,000 acknowledged events/s from 50 concurrent clients on SQLite).
   */
  eventWriter: EventWriter;
  /** The same for snaps (db/snaps.ts createSnapWriter): one per database. */
  snapWriter: SnapWriter;
  /** Outgoing mail (SMTP_URL); null when none is configured. */
  mailer: Mailer | null;
  /** Web Push on this process (push/service.ts, decision 0035): what requests and jobs ask of it. */
  push: PushHooks;
  /** The mail outbox's sender on this process (mail/background.ts): rows were queued, send them now. */
  mailOutbox: OutboxBell;
}

/**
 * A request queued outbox rows (a guardian invite, an announcement, a schedule change): the process's sender looks
 * at once, not at its next poll (5 s). Rung after the rows' transaction committed; a bell no sender answers (tests,
 * a server without mail) does nothing, and other servers find the rows at their next poll.
 */
export interface OutboxBell {
  wake(): void;
  /** The sender's wake (null: none any more). */
  answer(listener: (() => void) | null): void;
}

export function createOutboxBell(): OutboxBell {
  let listener: (() => void) | null = null;
  return {
    wake: () => listener?.(),
    answer: (next) => {
      listener = next;
    },
  };
}

/**
 * What a request or a job asks of this process's Web Push: rows were queued (send them soon), devices were added
 * (the game notifier looks again). Implemented by push/service.ts; a plain type here, so services.ts imports nothing
 * of push/ (which reads the services).
 */
export interface PushHooks {
  wake(): void;
  devicesChanged(): void;
}

/** Who is calling: the signed-in user's profile, as the server trusts it (never from the request body). */
export interface Viewer {
  userId: string;
  email: string;
  /** A guardian-only account (docs/product.md §13) is on no team: it acts for its children through the gate. */
  role: "player" | "coach" | "guardian";
  coachRole: "head" | "assistant" | null;
  teamId: string | null;
  fullName: string;
  sessionId: string;
  /**
   * Set when a guardian acts for this player (http/acting-for-child.ts): who is really signed in, and whether they
   * may only read (the child has a sign-in of their own).
   */
  actingGuardian?: { id: string; fullName: string; readOnly: boolean };
}
