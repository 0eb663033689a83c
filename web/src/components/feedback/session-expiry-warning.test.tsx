import { INACTIVITY_TIMEOUT_MS } from '@domain/constants';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { fakeServer } from '../../testing/fake-server';
import { renderWithProviders } from '../../testing/render';
import { UnsavedChangesGuard, useReportUnsaved } from '../edit-rows/unsaved-changes';
import {
  SESSION_WARNING_TITLE,
  SESSION_WARNING_UNSAVED,
  SessionExpiryWarning,
} from './session-expiry-warning';

const FIVE_MINUTES = 5 * 60_000;

function Probe() {
  const { status } = useSession();
  return <p>status: {status}</p>;
}

function UnsavedRow() {
  useReportUnsaved(true);
  return <p>編集中の行</p>;
}

async function renderSignedIn(withUnsavedRow = false) {
  const rendered = renderWithProviders(
    <>
      <Probe />
      {withUnsavedRow ? (
        <UnsavedChangesGuard>
          <UnsavedRow />
        </UnsavedChangesGuard>
      ) : null}
      <SessionExpiryWarning />
    </>,
    { path: '/top', session: {} },
  );
  expect(await screen.findByText('status: signedIn')).toBeTruthy();
  await act(async () => {});
  return rendered;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the warning before the sign-out for inactivity', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows five minutes before the sign-out with a countdown, and signs out when nobody answers', async () => {
    const { router } = await renderSignedIn();
    advance(INACTIVITY_TIMEOUT_MS - FIVE_MINUTES - 1000);
    expect(screen.queryByRole('dialog')).toBeNull();

    advance(1000);
    const dialog = await screen.findByRole('dialog', { name: SESSION_WARNING_TITLE });
    expect(dialog.textContent).toContain('あと5分00秒で自動的にログアウトします');
    // The time left never breaks across lines (「5分 / 00秒」 on a phone).
    const timeLeft = screen.getByText('5分00秒で');
    expect(timeLeft.style.whiteSpace).toBe('nowrap');
    advance(61_000);
    await waitFor(() => expect(dialog.textContent).toContain('あと3分59秒で'));

    advance(FIVE_MINUTES);
    expect(await screen.findByText('status: signedOut')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('「ログインを続ける」 keeps the session on the server and starts the hour again', async () => {
    await renderSignedIn();
    const before = fakeServer.calls('POST /api/auth/session/activity').length;
    advance(INACTIVITY_TIMEOUT_MS - FIVE_MINUTES);
    await screen.findByRole('dialog', { name: SESSION_WARNING_TITLE });

    fireEvent.click(screen.getByRole('button', { name: 'ログインを続ける' }));
    await waitFor(() =>
      expect(fakeServer.calls('POST /api/auth/session/activity').length).toBeGreaterThan(before),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A full hour from the click, not from the last activity before the warning.
    advance(INACTIVITY_TIMEOUT_MS - FIVE_MINUTES - 1000);
    expect(screen.getByText('status: signedIn')).toBeTruthy();
  });

  it('stays open when it takes the focus from a field, and closes at a key pressed', async () => {
    await renderSignedIn();
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    advance(INACTIVITY_TIMEOUT_MS - FIVE_MINUTES);
    const dialog = await screen.findByRole('dialog', { name: SESSION_WARNING_TITLE });
    // The field loses the focus to the dialog (as the browser does when the dialog takes it).
    fireEvent.blur(field);
    await act(async () => {});
    expect(screen.getByRole('dialog', { name: SESSION_WARNING_TITLE })).toBe(dialog);
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    field.remove();
  });

  it('says that rows not yet registered would be lost', async () => {
    await renderSignedIn(true);
    advance(INACTIVITY_TIMEOUT_MS - FIVE_MINUTES);
    const dialog = await screen.findByRole('dialog', { name: SESSION_WARNING_TITLE });
    expect(dialog.textContent).toContain(SESSION_WARNING_UNSAVED);
  });

  it('says nothing of unsaved rows on a page without them', async () => {
    await renderSignedIn();
    advance(INACTIVITY_TIMEOUT_MS - FIVE_MINUTES);
    const dialog = await screen.findByRole('dialog', { name: SESSION_WARNING_TITLE });
    expect(dialog.textContent).not.toContain(SESSION_WARNING_UNSAVED);
  });

  it('a session the server has ended signs out at the next report', async () => {
    const { router } = await renderSignedIn();
    const tokens = fakeServer.calls('GET /api/auth/token').length;
    advance(INACTIVITY_TIMEOUT_MS - FIVE_MINUTES);
    const button = await screen.findByRole('button', { name: 'ログインを続ける' });
    // The access token is renewed five minutes before its hour is up, as the warning opens: once
    // that renewal has answered, the session ends on the server, so that the report is what
    // finds it gone (a renewal finding it gone instead signs out too, without the notice).
    await waitFor(() =>
      expect(fakeServer.calls('GET /api/auth/token').length).toBeGreaterThan(tokens),
    );
    await act(async () => {});
    fakeServer.identity = null;
    fireEvent.click(button);
    expect(await screen.findByText('status: signedOut')).toBeTruthy();
    // The screen goes to /login a step after the status changes.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
