import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { API_ERROR_MESSAGES } from '../../domain/api-error';
import { ACCOUNT_DELETED_MESSAGE } from '../../server/services/caller';
import { type HeldSocket, holdSocket, parseAnswer, waitFor } from '../support/raw-http';
import { signIn } from './helpers/auth';
import { createLedgerItem, ledgerCsv } from './helpers/ledger-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// A general user's 19 MB CSV to the staff-only import was read whole before
// the 403, and 40 of them in parallel doubled the server's memory. A caller the route refuses is
// now refused while the body is still arriving, and the connection is closed rather than drained
// (docs/decisions/007-connection-timeouts-and-early-refusal.md). Over a real socket: inject()
// hands the server the whole body at once and cannot show when the answer comes.

const IMPORT = '/api/v1/spec/import-ledger';
const SEARCH = '/api/v1/spec/search-result-ledgerItem';
const ANNOUNCED = 19 * 1024 * 1024;
const SENT = 64 * 1024;
/** Long enough for a refusal on a busy machine; the body that would follow never comes. */
const WAIT_MS = 5000;

let t: TestApp;
let port: number;
const tokens: Record<string, string> = {};
const opened: HeldSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 5 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  for (const who of ['staff', 'admin', 'user', 'multi']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(() => {
  for (const h of opened.splice(0)) h.socket.destroy();
});
afterAll(async () => t?.close());

/** The first 64 KB of a CSV body announced as 19 MB; the rest is never sent. */
const csvStart = () => {
  const line = ledgerCsv([createLedgerItem()]).split('\n')[1] ?? '';
  return Buffer.from(`${ledgerCsv([createLedgerItem()])}${`${line}\n`.repeat(SENT / 64)}`).subarray(
    0,
    SENT,
  );
};

/** Starts an upload of `announced` bytes, sends the first 64 KB and waits for the answer. */
async function startUpload(
  url: string,
  token: string | null,
  announced = ANNOUNCED,
  contentType = 'text/csv; charset=utf-8',
) {
  const head = [
    `POST ${url} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    `Content-Type: ${contentType}`,
    `Content-Length: ${announced}`,
    '',
    '',
  ].join('\r\n');
  const held = await holdSocket(port, Buffer.concat([Buffer.from(head), csvStart()]));
  opened.push(held);
  const closed = await waitFor(() => held.closedAt !== null, WAIT_MS);
  return { ...parseAnswer(held.received()), closed, held };
}

/** A refusal that came while the body was still arriving, on a connection the server closed. */
function expectRefusedEarly(
  answer: Awaited<ReturnType<typeof startUpload>>,
  status: number,
  code: string,
) {
  expect(answer.status, `no answer within ${WAIT_MS} ms: the server waited for the body`).toBe(
    status,
  );
  expect(answer.headers.connection).toBe('close');
  expect(answer.closed, 'the server kept the connection open to drain the body').toBe(true);
  expect(JSON.parse(answer.body)).toMatchObject({ statusCode: status, code });
}

describe('the staff-only import refuses other callers before reading the body', () => {
  it('a general user: 403 while the 19 MB body is still arriving', async () => {
    const answer = await startUpload(IMPORT, tokens.user!);
    expectRefusedEarly(answer, 403, 'FORBIDDEN');
    expect(JSON.parse(answer.body).message).toBe(API_ERROR_MESSAGES.FORBIDDEN);
  });

  it('a corporate administrator: 403', async () => {
    expectRefusedEarly(await startUpload(IMPORT, tokens.admin!), 403, 'FORBIDDEN');
  });

  it('no token: 401', async () => {
    expectRefusedEarly(await startUpload(IMPORT, null), 401, 'UNAUTHORIZED');
  });

  it('a deleted account: 409 with the deleted-account message', async () => {
    await t.database.db
      .update(users)
      .set({ delete_flag: true })
      .where(eq(users.mail, 'multi@example.com'));
    try {
      const answer = await startUpload(IMPORT, tokens.multi!);
      expectRefusedEarly(answer, 409, 'ACCOUNT_DELETED');
      expect(JSON.parse(answer.body).message).toBe(ACCOUNT_DELETED_MESSAGE);
    } finally {
      await t.database.db
        .update(users)
        .set({ delete_flag: false })
        .where(eq(users.mail, 'multi@example.com'));
    }
  });

  it('staff: the upload is read and a small file imports', async () => {
    // The staff's 19 MB announcement is accepted: the server waits for the body.
    const waiting = await startUpload(IMPORT, tokens.staff!, ANNOUNCED);
    expect(waiting.status).toBeNull();
    expect(waiting.closed).toBe(false);

    const lines = [createLedgerItem(), createLedgerItem({ customer_code: 10002 })];
    const res = await fetch(`http://127.0.0.1:${port}${IMPORT}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.staff}`, 'content-type': 'text/csv' },
      body: ledgerCsv(lines),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ total: 2, inserted: 2, updated: 0, unchanged: 0 });
  });
});

describe('other routes do not take the import’s body limit', () => {
  it('a 2 MB text/csv body to the search is refused (413) before it is read', async () => {
    const answer = await startUpload(SEARCH, tokens.user!, 2 * 1024 * 1024);
    expectRefusedEarly(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('the search still answers a JSON body', async () => {
    const res = await fetch(`http://127.0.0.1:${port}${SEARCH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.user}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer_code: 10001, page: 1, page_size: 10 }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});
