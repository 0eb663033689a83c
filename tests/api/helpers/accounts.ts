import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { users } from '../../../db/schema';
import { DEMO_PASSWORD } from './auth';
import type { TestApp } from './test-app';

/**
 * A person with a password identity (mail verified unless told otherwise) and one user row, made
 * through the identity port so that it works under either provider.
 */
export async function createUser(
  t: TestApp,
  person: {
    mail: string;
    name: string;
    customerCode: number;
    /** 0 staff, 1 corporate administrator, 2 general user. */
    userType: 0 | 1 | 2;
    emailVerified?: boolean;
  },
): Promise<string> {
  const uid = await t.platform.identity.createIdentity({
    mail: person.mail,
    name: person.name,
    password: DEMO_PASSWORD,
    mailVerified: person.emailVerified ?? true,
  });
  await t.database.db.insert(users).values({
    mail: person.mail,
    user_name: person.name,
    customer_code: person.customerCode,
    user_type_id: person.userType,
    firebase_uid: uid,
  });
  return uid;
}

/**
 * A general user of customer 10001 under a fresh mail, so that a test may lock, reset or sign it
 * out without touching the demo accounts other tests use.
 */
export async function createAccount(
  t: TestApp,
  prefix: string,
  options: { emailVerified?: boolean } = {},
): Promise<{ mail: string; uid: string }> {
  const mail = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const uid = await createUser(t, {
    mail,
    name: 'テスト 利用者',
    customerCode: 10001,
    userType: 2,
    emailVerified: options.emailVerified,
  });
  return { mail, uid };
}

/** A corporate administrator of corporation 2001 (customer 20001), beside other@ (a general user there). */
export const createOtherCorporationAdmin = (t: TestApp, mail: string) =>
  createUser(t, { mail, name: '他社 管理者', customerCode: 20001, userType: 1 });

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
