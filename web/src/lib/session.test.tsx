import {
  ACTIVITY_EVENTS,
  INACTIVITY_TIMEOUT_MS,
  TOKEN_REFRESH_BEFORE_EXPIRY_MS,
} from '@domain/constants';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_IDENTITY, fakeServer } from '../testing/fake-server';
import { renderWithProviders } from '../testing/render';
import { localExpiry } from './access-token';
import { settledSignOut } from './identity-client';
import { useSession } from './session';
import { ASK_OTHER_TABS_MS, tabsCanTalk } from './session-tabs';

function SessionProbe() {
  const { status } = useSession();
  return <p>status: {status}</p>;
}

async function renderSignedIn() {
  const rendered = renderWithProviders(<SessionProbe />, { path: '/top', session: {} });
  expect(await screen.findByText('status: signedIn')).toBeTruthy();
  // Let React run the effects of that render, which start the timers, before the clock moves.
  await act(async () => {});
  return rendered;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the session', () => {
  beforeEach(() => {
    // Fake clock that still moves with real time, so that the fake server's promises settle.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs out after one hour without activity (docs/product.md §4 Inactivity)', async () => {
    const { router } = await renderSignedIn();

    advance(INACTIVITY_TIMEOUT_MS - 1_000);
    expect(screen.getByText('status: signedIn')).toBeTruthy();

    advance(1_000);
    expect(screen.getByText('status: signedOut')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('userInfo')).toBeNull();
    expect(sessionStorage.getItem('customerCodeList')).toBeNull();
    await waitFor(() => expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(1));
  });

  it.each(ACTIVITY_EVENTS)('counts %s as activity and starts the hour again', async (type) => {
    await renderSignedIn();

    advance(INACTIVITY_TIMEOUT_MS - 60_000);
    const target =
      type === 'visibilitychange' ? document : type === 'blur' ? window : document.body;
    fireEvent(target, new Event(type, { bubbles: type !== 'blur' }));
    advance(INACTIVITY_TIMEOUT_MS - 1_000);
    expect(screen.getByText('status: signedIn')).toBeTruthy();

    advance(1_000);
    expect(screen.getByText('status: signedOut')).toBeTruthy();
  });

  it('refreshes the access token 5 minutes before it expires (docs/product.md §9)', async () => {
    await renderSignedIn();
    expect(fakeServer.calls('GET /api/auth/token')).toHaveLength(1);

    // The fake server's tokens live one hour.
    advance(60 * 60 * 1000 - TOKEN_REFRESH_BEFORE_EXPIRY_MS - 1_000);
    expect(fakeServer.calls('GET /api/auth/token')).toHaveLength(1);

    advance(1_000);
    await waitFor(() => expect(fakeServer.calls('GET /api/auth/token')).toHaveLength(2));
    // …and schedules the next refresh from the new token (someone is at work meanwhile).
    fireEvent.keyDown(document.body);
    advance(60 * 60 * 1000 - TOKEN_REFRESH_BEFORE_EXPIRY_MS);
    await waitFor(() => expect(fakeServer.calls('GET /api/auth/token')).toHaveLength(3));
  });

  it('signs out when a refresh finds the identity session gone (token loss)', async () => {
    const { router } = await renderSignedIn();
    fakeServer.identity = null;

    advance(60 * 60 * 1000 - TOKEN_REFRESH_BEFORE_EXPIRY_MS);

    expect(await screen.findByText('status: signedOut')).toBeTruthy();
    expect(sessionStorage.getItem('userInfo')).toBeNull();
    // The probe is not guarded; on the app's routes the private guard sends the user to /login.
    expect(router.state.location.pathname).toBe('/top');
  });
});

describe('a tab starting without a session of its own', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes a sign-in wait until it has ended the session a closed tab left', async () => {
    expect(tabsCanTalk()).toBe(true);
    // The cookie still holds the identity session of a tab closed while signed in.
    fakeServer.identity = DEFAULT_IDENTITY;
    renderWithProviders(<SessionProbe />, { path: '/login' });
    await act(async () => {});
    // A sign-in sent now, while the tab asks the other tabs, would be answered before the
    // session is ended, and the session then ended would be its own.
    let signInMayGo = false;
    void settledSignOut().then(() => {
      signInMayGo = true;
    });
    await act(async () => {});
    expect(signInMayGo).toBe(false);
    expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(0);

    await advance(ASK_OTHER_TABS_MS);
    await waitFor(() => expect(signInMayGo).toBe(true));
    expect(fakeServer.calls('POST /api/auth/sign-out')).toHaveLength(1);
    expect(fakeServer.identity).toBeNull();
    expect(screen.getByText('status: signedOut')).toBeTruthy();
  });
});

describe('localExpiry', () => {
  it('measures the lifetime on the server clock (exp − iat), not the browser clock', () => {
    const payload = btoa(JSON.stringify({ iat: 1_000, exp: 4_600 }));
    expect(localExpiry(`h.${payload}.s`, 50_000)).toBe(50_000 + 3_600_000);
  });
});
