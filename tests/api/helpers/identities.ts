import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { authUser } from '../../../db/schema';
import { firebaseAuthOf } from '../../../server/identity/firebase-identity';
import { listFirebaseAccounts } from '../../../server/identity/link-firebase';
import { findLinks } from '../../../server/mail/mail-links';
import type { TestApp } from './test-app';

/** The provider the test app runs on (the api-firebase project sets TEST_IDENTITY_PROVIDER). */
export const onFirebase = () => process.env.TEST_IDENTITY_PROVIDER === 'firebase';

/** How many identities the provider holds: Better Auth's users, or the Firebase project's accounts. */
export async function identityCount(t: TestApp): Promise<number> {
  if (t.config.IDENTITY_PROVIDER === 'firebase') {
    return (await listFirebaseAccounts(firebaseAuthOf(t.config))).length;
  }
  return (await t.database.db.select({ n: count() }).from(authUser))[0]!.n;
}

/**
 * Where the link of a password mail (reset or invitation) lands: the web app's password screen,
 * with the token it posts. The built-in provider's link passes through /api/auth/reset-password/
 * <token>, which redirects there; Firebase's link is the screen itself, its token Firebase's code
 * (docs/decisions/011). Each provider must use its own kind of link.
 */
export async function passwordScreenOf(t: TestApp, mailText: string): Promise<URL> {
  const base = t.config.publicBaseUrl;
  const links = findLinks(mailText);
  if (t.config.IDENTITY_PROVIDER === 'firebase') {
    const link = links.find((l) => new URL(l).pathname === '/reset-password');
    expect(link, 'a link to the password screen').toBeDefined();
    expect(link!.startsWith(base)).toBe(true);
    return new URL(link!);
  }
  const link = links.find((l) => l.includes('/api/auth/reset-password/'));
  expect(link, 'a link through /api/auth/reset-password/').toBeDefined();
  expect(link!.startsWith(base)).toBe(true);
  const follow = await t.app.inject({ method: 'GET', url: link!.slice(base.length) });
  expect(follow.statusCode).toBe(302);
  return new URL(String(follow.headers.location), base);
}
