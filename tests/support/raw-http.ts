import { connect, type Socket } from 'node:net';

// Raw HTTP/1.1 over a socket: the tests of half-sent requests need a client that stops in the
// middle of a request, which no HTTP client library does on purpose.

export interface HeldSocket {
  socket: Socket;
  openedAt: number;
  /** performance.now() when the server closed the connection (end, reset or close); else null. */
  closedAt: number | null;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the connection is closed, whoever closed it. */
  closed: Promise<void>;
}

/**
 * Connects, writes `sent` (which may be empty) and never writes again. Records what the server
 * answers and when it closes the connection. `from` is the client's address: any of 127.0.0.0/8
 * reaches a server on 127.0.0.1 from that address on Linux, so one test can be several clients.
 */
export function holdSocket(
  port: number,
  sent: string | Buffer,
  from?: string,
): Promise<HeldSocket> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const openedAt = performance.now();
    let settleClosed: () => void = () => {};
    const closed = new Promise<void>((r) => {
      settleClosed = r;
    });
    const socket = connect({ port, host: '127.0.0.1', ...(from ? { localAddress: from } : {}) });
    const held: HeldSocket = {
      socket,
      openedAt,
      closedAt: null,
      received: () => Buffer.concat(chunks).toString('utf8'),
      closed,
    };
    const markClosed = () => {
      held.closedAt ??= performance.now();
      settleClosed();
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server's FIN: end our side too, so the socket does not linger half-open.
    socket.on('end', () => {
      markClosed();
      socket.end();
    });
    socket.on('close', markClosed);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') markClosed();
      else reject(err);
    });
    socket.once('connect', () => {
      if (sent.length > 0) socket.write(sent);
      resolve(held);
    });
  });
}

export interface RawAnswer {
  status: number | null;
  headers: Record<string, string>;
  body: string;
}

/** The status, headers (lower-case names) and body of a raw HTTP/1.1 answer. */
export function parseAnswer(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { status: null, headers: {}, body: '' };
  const [statusLine, ...headerLines] = raw.slice(0, end).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: status ? Number(status[1]) : null, headers, body: raw.slice(end + 4) };
}

/** Waits until `done()` holds or `ms` pass (polling); answers whether it held. */
export async function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (!done()) {
    if (performance.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}
