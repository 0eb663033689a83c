import { createHmac, timingSafeEqual } from 'node:crypto';

// Download tickets (docs/decisions/030): the URL a click on a document opens. The portal itself
// serves it, so a download is recorded when the browser actually fetches the file — never when a
// link is prepared ahead of a click (a hover, a prefetch) — and from the address that fetched it.
// The ticket names what may be fetched and for whom; it is signed with a key of its own derived
// from the platform secret, and expires.

export const DOCUMENT_FILE_PATH = '/api/documents/file';

export type DocumentTicket =
  /** One archived version of a document, for the user row a receipt will name. */
  | { kind: 'version'; versionId: number; userId: number; expiresAt: number }
  /** A Spec file of a customer's order line (the orders screen), for the audit log. */
  | {
      kind: 'spec';
      customerCode: number;
      fileName: string;
      userId: number;
      /** The order line, as the audit entry names it. */
      orderLine: string | null;
      expiresAt: number;
    }
  /** The zip of a documents search: what was searched, and the user row of each customer. */
  | {
      kind: 'zip';
      search: ZipSearch;
      users: Record<string, number>;
      expiresAt: number;
    };

/** A documents search as the zip ticket carries it (the server's own reading of the caller). */
export interface ZipSearch {
  customerCodes: number[];
  receiptCodes: number[];
  myUserIds: number[];
  type?: string;
  dateFrom?: string;
  dateTo?: string;
  amountMin?: number;
  amountMax?: number;
  docNo?: string;
  deliveryNo?: string;
  notDownloaded?: boolean;
}

export class TicketError extends Error {
  override name = 'TicketError';
  constructor(readonly reason: 'invalid' | 'expired') {
    super(`document ticket ${reason}`);
  }
}

export class DocumentTicketSigner {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    if (secret.length < 16) throw new RangeError('the ticket signing secret is too short');
    this.key = createHmac('sha256', secret).update('portal/documents/download-ticket/v1').digest();
  }

  private signatureOf(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload, 'utf8').digest();
  }

  /** The ticket's URL path and query. */
  url(ticket: DocumentTicket): string {
    const payload = Buffer.from(JSON.stringify(ticket), 'utf8').toString('base64url');
    const sig = this.signatureOf(payload).toString('base64url');
    return `${DOCUMENT_FILE_PATH}?${new URLSearchParams({ t: payload, sig })}`;
  }

  /** The ticket of a query; throws TicketError when it was altered or has expired. */
  verify(query: { t: string; sig: string }, nowMs: number): DocumentTicket {
    const expected = this.signatureOf(query.t);
    const given = /^[A-Za-z0-9_-]{43}$/.test(query.sig)
      ? Buffer.from(query.sig, 'base64url')
      : null;
    if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new TicketError('invalid');
    }
    const ticket = JSON.parse(Buffer.from(query.t, 'base64url').toString('utf8')) as DocumentTicket;
    if (nowMs >= ticket.expiresAt * 1000) throw new TicketError('expired');
    return ticket;
  }
}
