import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/** A loopback port nothing listens on (taken from the OS, then let go): a server that is down. */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
