import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { users } from '../../../db/schema';
import { DEMO_PASSWORD } from './auth';
import type { TestApp } from './test-app';

/**
 * A general user of customer 10001 with a password identity of its own (mail verified unless
 * told otherwise), made through the identity port so that it works under either provider, so
 * that a test may lock, reset or sign it out without touching the demo accounts other tests use.
 */
export async function createAccount(
  t: TestApp,
  prefix: string,
  options: { emailVerified?: boolean } = {},
): Promise<{ mail: string; uid: string }> {
  const mail = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const uid = await t.platform.identity.createIdentity({
    mail,
    name: 'テスト 利用者',
    password: DEMO_PASSWORD,
    mailVerified: options.emailVerified ?? true,
  });
  await t.database.db.insert(users).values({
    mail,
    user_name: 'テスト 利用者',
    customer_code: 10001,
    user_type_id: 2,
    firebase_uid: uid,
  });
  return { mail, uid };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * An HTTP request over a real socket with the path sent exactly as written: dot segments, doubled
 * slashes and percent-encodings reach the server as a client would send them (app.inject and
 * fetch would tidy some of them first).
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
