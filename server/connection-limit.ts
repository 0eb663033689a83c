import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddressKey } from './client-address';

/**
 * Open connections per client address (docs/decisions/023-per-address-connection-limit.md): one
 * address gets at most `limit` of them, fewer than the server's cap (HTTP_MAX_CONNECTIONS), so
 * one client holding slow requests can never fill the cap and keep everyone else out. Addresses
 * are counted under clientAddressKey (an IPv6 client by its /64). The trusted proxy's own
 * connections are not counted: behind it every client has the proxy's address, and the proxy
 * limits its clients itself.
 */
export class ConnectionsPerAddress {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly isTrustedProxy: (address: string) => boolean = () => false,
  ) {
    if (!Number.isSafeInteger(limit) || limit < 1) {
      throw new RangeError('connections per address: limit must be a positive integer');
    }
  }

  /**
   * Takes a place for a new connection from `address`: the function that gives it back when the
   * connection closes, or null when the address holds its share already (or has none: a socket
   * closed before it was seen).
   */
  admit(address: string | undefined): (() => void) | null {
    if (!address) return null;
    if (this.isTrustedProxy(address)) return () => {};
    const key = clientAddressKey(address);
    const count = this.open.get(key) ?? 0;
    if (count >= this.limit) return null;
    this.open.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }

  /** Open connections counted for the address's key. */
  openOf(address: string): number {
    return this.open.get(clientAddressKey(address)) ?? 0;
  }

  /** Addresses (keys) with a connection open: the map holds no others, so it stays small. */
  get addresses(): number {
    return this.open.size;
  }
}

/**
 * Applies the limit to a server: a connection of an address over its share is closed as soon as
 * it is accepted, before a byte of it is read. `onRefused` hears of each (the caller logs them
 * sparingly: a flood of connections must not become a flood of log lines).
 */
export function limitConnectionsPerAddress(
  server: Server,
  limits: ConnectionsPerAddress,
  onRefused: (address: string) => void,
): void {
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // No address: the client is gone already (reset before the server saw the connection).
    const release = address ? limits.admit(address) : null;
    if (!release) {
      if (address) onRefused(address);
      socket.destroy();
      return;
    }
    socket.once('close', release);
  });
}
