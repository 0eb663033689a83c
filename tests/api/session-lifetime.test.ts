import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClockAhead } from '../support/clock';
import { bearer, type SignedIn, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// The session's lifetime on the server (docs/product.md §4 Inactivity; docs/decisions/034): it ends
// an idle period after its last reported activity, a maximum after its sign-in, and a grace after
// its last page left. Time moves with the clock, not with waiting. Runs under both providers.

const IDLE_MINUTES = 10;
const MAX_HOURS = 0.5;
const GRACE_SECONDS = 20;
const MINUTE = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: {
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      RATE_LIMIT_MAIL_PER_MINUTE: '100000',
      SESSION_CHECK_SECONDS: '1',
      SESSION_IDLE_MINUTES: String(IDLE_MINUTES),
      SESSION_MAX_HOURS: String(MAX_HOURS),
      SESSION_LEAVE_GRACE_SECONDS: String(GRACE_SECONDS),
    },
  });
});
afterAll(async () => t?.close());

const origin = () => ({ origin: t.config.publicBaseUrl });

const post = (url: string, cookie: string, headers: Record<string, string> = origin()) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, ...headers } });
const activity = (cookie: string) => post('/api/auth/session/activity', cookie);
const leave = (cookie: string) => post('/api/auth/session/leave', cookie);

/** What the signed-in browser relies on: a new access token for its cookie, and its token's calls. */
async function sessionState(session: SignedIn) {
  const token = await t.app.inject({
    method: 'GET',
    url: '/api/auth/token',
    headers: { cookie: session.cookie },
  });
  const call = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/get-all-customers',
    payload: {},
    headers: bearer(session.token),
  });
  return { cookie: token.statusCode, token: call.statusCode };
}
const alive = { cookie: 200, token: 200 };
const ended = { cookie: 401, token: 401 };

describe('the idle period', () => {
  it('a session without activity for the idle period refuses its cookie and its access token', async () => {
    const session = await signIn(t.app, 'user@example.com');
    await withClockAhead((IDLE_MINUTES - 1) * MINUTE, async () => {
      expect(await sessionState(session)).toEqual(alive);
    });
    await withClockAhead(IDLE_MINUTES * MINUTE + 5000, async () => {
      expect(await sessionState(session)).toEqual(ended);
    });
  });

  it('reported activity moves the end to an idle period after it', async () => {
    const session = await signIn(t.app, 'user@example.com');
    await withClockAhead(8 * MINUTE, async () => {
      const res = await activity(session.cookie);
      expect(res.statusCode).toBe(200);
      const expiresAt = Date.parse(res.json().expiresAt);
      expect(Math.abs(expiresAt - (Date.now() + IDLE_MINUTES * MINUTE))).toBeLessThan(5000);
    });
    // Past the first idle period, within the one after the activity.
    await withClockAhead(15 * MINUTE, async () => {
      expect(await sessionState(session)).toEqual(alive);
    });
    await withClockAhead((8 + IDLE_MINUTES) * MINUTE + 5000, async () => {
      expect(await sessionState(session)).toEqual(ended);
      expect((await activity(session.cookie)).statusCode).toBe(401);
    });
  });

  it('activity reported from another site is refused and does not keep the session', async () => {
    const session = await signIn(t.app, 'user@example.com');
    await withClockAhead(8 * MINUTE, async () => {
      const res = await post('/api/auth/session/activity', session.cookie, {
        origin: 'https://attacker.example',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
    });
    await withClockAhead(IDLE_MINUTES * MINUTE + 5000, async () => {
      expect(await sessionState(session)).toEqual(ended);
    });
  });

  it('activity without a session is answered 401', async () => {
    expect((await activity('')).statusCode).toBe(401);
    expect((await leave('')).statusCode).toBe(401);
  });
});

describe('the maximum after sign-in', () => {
  it('a session kept active ends at its maximum all the same', async () => {
    const session = await signIn(t.app, 'user@example.com');
    const maxMinutes = MAX_HOURS * 60;
    for (const at of [8, 16, 24]) {
      await withClockAhead(at * MINUTE, async () => {
        const res = await activity(session.cookie);
        expect(res.statusCode).toBe(200);
      });
    }
    await withClockAhead((maxMinutes - 2) * MINUTE, async () => {
      const res = await activity(session.cookie);
      expect(res.statusCode).toBe(200);
      // Never past the maximum, however recent the activity.
      expect(Date.parse(res.json().expiresAt)).toBeLessThanOrEqual(Date.now() + 2 * MINUTE + 1000);
      expect(await sessionState(session)).toEqual(alive);
    });
    await withClockAhead(maxMinutes * MINUTE + 5000, async () => {
      expect(await sessionState(session)).toEqual(ended);
      expect((await activity(session.cookie)).statusCode).toBe(401);
    });
  });
});

describe('leaving the page', () => {
  it('a session whose page left ends after the grace', async () => {
    const session = await signIn(t.app, 'user@example.com');
    expect((await leave(session.cookie)).statusCode).toBe(204);
    expect(await sessionState(session)).toEqual(alive);
    await withClockAhead(GRACE_SECONDS * 1000 + 2000, async () => {
      expect(await sessionState(session)).toEqual(ended);
    });
  });

  it('a page reloaded within the grace takes the session back with its activity', async () => {
    const session = await signIn(t.app, 'user@example.com');
    expect((await leave(session.cookie)).statusCode).toBe(204);
    expect((await activity(session.cookie)).statusCode).toBe(200);
    await withClockAhead(GRACE_SECONDS * 1000 + 2000, async () => {
      expect(await sessionState(session)).toEqual(alive);
    });
  });

  it('a leave sent from another site is refused and ends nothing', async () => {
    const session = await signIn(t.app, 'user@example.com');
    const res = await post('/api/auth/session/leave', session.cookie, {
      origin: 'https://attacker.example',
    });
    expect(res.statusCode).toBe(403);
    await withClockAhead(GRACE_SECONDS * 1000 + 2000, async () => {
      expect(await sessionState(session)).toEqual(alive);
    });
  });
});
