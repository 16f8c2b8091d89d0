import { createServer, type AddressInfo } from "node:net";

/**
 * A port nothing listens on, from the OS, for a test that must start a server on a port it knows beforehand. A
 * random pick from a range can land on a service of the machine (this kind runs NATS on 4222 and Erlang's epmd on
 * 4369) or on another test's server.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
