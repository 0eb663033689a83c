import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_MESSAGES } from '../../domain/api-error';
import { type HeldSocket, holdSocket, parseAnswer, waitFor } from '../support/raw-http';
import { signIn } from './helpers/auth';
import { createInvoice, invoiceCsv } from './helpers/invoice-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// The invoice import takes bodies up to 20 MB, like the ledger import, so it refuses a caller it
// will not serve while the body is still arriving and closes the connection rather than drain it
// (docs/decisions/007). Over a real socket: inject() hands the server the whole body at once.

const IMPORT = '/api/v1/spec/import-invoices';
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
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_MAIL_PER_MINUTE: '100000' },
  });
  for (const who of ['staff', 'admin', 'user']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(() => {
  for (const h of opened.splice(0)) h.socket.destroy();
});
afterAll(async () => t?.close());

/** Starts an upload announced as 19 MB, sends its first 64 KB and waits for the answer. */
async function startUpload(token: string | null) {
  const head = [
    `POST ${IMPORT} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    'Content-Type: text/csv; charset=utf-8',
    `Content-Length: ${ANNOUNCED}`,
    '',
    '',
  ].join('\r\n');
  const rows = invoiceCsv(Array.from({ length: 400 }, () => createInvoice()));
  const body = Buffer.from(rows).subarray(0, SENT);
  const held = await holdSocket(port, Buffer.concat([Buffer.from(head), body]));
  opened.push(held);
  const closed = await waitFor(() => held.closedAt !== null, WAIT_MS);
  return { ...parseAnswer(held.received()), closed };
}

describe('the invoice import refuses other callers before reading the body', () => {
  it.each([
    ['a general user', 'user', 403, 'FORBIDDEN'],
    ['a corporate administrator', 'admin', 403, 'FORBIDDEN'],
    ['a caller without a token', null, 401, 'UNAUTHORIZED'],
  ])(
    '%s: refused while the 19 MB body is still arriving, the connection closed',
    async (_name, who, status, code) => {
      const answer = await startUpload(who ? tokens[who]! : null);
      expect(answer.status, `no answer within ${WAIT_MS} ms: the server waited for the body`).toBe(
        status,
      );
      expect(answer.headers.connection).toBe('close');
      expect(answer.closed, 'the server kept the connection open to drain the body').toBe(true);
      const error = JSON.parse(answer.body);
      expect(error).toMatchObject({ statusCode: status, code });
      if (status === 403) expect(error.message).toBe(API_ERROR_MESSAGES.FORBIDDEN);
    },
  );

  it('staff: the server waits for the announced body', async () => {
    const waiting = await startUpload(tokens.staff!);
    expect(waiting.status).toBeNull();
    expect(waiting.closed).toBe(false);
  });
});
