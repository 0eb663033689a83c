import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { afterSignInDestination } from './after-sign-in';

describe('afterSignInDestination', () => {
  it('a complete sign-in goes to the page asked for, else the top page, replacing the sign-in screen', () => {
    expect(afterSignInDestination({ kind: 'signedIn' }, '/invoices?page=2')).toEqual({
      path: '/invoices?page=2',
      replace: true,
    });
    expect(afterSignInDestination({ kind: 'signedIn' }, null)).toEqual({
      path: paths.top.path,
      replace: true,
    });
  });

  it('several customer codes go to the tenant choice, carrying the page asked for', () => {
    expect(afterSignInDestination({ kind: 'chooseTenant' }, '/documents')).toEqual({
      path: paths.loginTenant.path,
      state: { returnTo: '/documents' },
    });
    expect(afterSignInDestination({ kind: 'chooseTenant' }, null)).toEqual({
      path: paths.loginTenant.path,
    });
  });

  it('staff without a factor set it up first; a code to enter keeps the person on the login screen', () => {
    const enrol = { kind: 'secondFactor', pending: 'enrol', identityUid: 'uid-1' } as const;
    expect(afterSignInDestination(enrol, '/managers')).toEqual({
      path: paths.secondFactorSetup.path,
      state: { identityUid: 'uid-1', returnTo: '/managers' },
    });
    expect(afterSignInDestination(enrol, null)).toEqual({
      path: paths.secondFactorSetup.path,
      state: { identityUid: 'uid-1' },
    });
    expect(
      afterSignInDestination({ kind: 'secondFactor', pending: 'code', identityUid: 'u' }, '/x'),
    ).toBeNull();
  });
});
