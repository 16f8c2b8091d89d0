import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A local mail server for the benches: takes every message, keeps only the count and when each arrived. */
export interface SmtpSink {
  url: string;
  count(): number;
  /** When the first and the latest message arrived (performance.now() ms), or null before any. */
  firstAt(): number | null;
  lastAt(): number | null;
  /** Starts the count and the times again. */
  reset(): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let received = 0;
  let first: number | null = null;
  let last: number | null = null;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received += 1;
        last = performance.now();
        first ??= last;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    firstAt: () => first,
    lastAt: () => last,
    reset() {
      received = 0;
      first = last = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
