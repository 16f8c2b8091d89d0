import type { PushHooks, Services } from "../services.js";
import { createGameNotifier, type GameNotifier } from "./game-notices.js";
import { createPushSender, type PushSender } from "./sender.js";

/*
 * Web Push on one server process (decision 0035): its sender (push/sender.ts) and the game notifier
 * (push/game-notices.ts), which hears the hub from the moment it is made. server.ts starts the sender's loop and
 * stops it before the database closes; tests run the sender's passes by hand.
 */

export interface PushService extends PushHooks {
  sender: PushSender;
  notifier: GameNotifier;
  stop(): Promise<void>;
}

export function createPushService(services: Pick<Services, "database" | "hub" | "log" | "config">): PushService {
  const sender = createPushSender({ db: services.database.db, push: services.config.push, log: services.log });
  const notifier = createGameNotifier(services, () => sender.wake());
  return {
    sender,
    notifier,
    wake: () => sender.wake(),
    devicesChanged: () => notifier.devicesChanged(),
    async stop() {
      notifier.stop();
      await notifier.idle();
      await sender.stop();
    },
  };
}
