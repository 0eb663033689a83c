import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { UNSAVED_CHANGES_TEXT, UnsavedChangesGuard, useReportUnsaved } from './unsaved-changes';

/** A page with one editor whose changes are registered or not, and ways to leave it. */
function EditingPage() {
  const [dirty, setDirty] = useState(false);
  useReportUnsaved(dirty);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>
        shown: {pathname}
        {search}
      </p>
      <button type="button" onClick={() => setDirty(true)}>
        edit
      </button>
      <button type="button" onClick={() => setDirty(false)}>
        register
      </button>
      <Link to="/top">TOP</Link>
      <Link to="?page=2">next page</Link>
      <button type="button" onClick={() => navigate('/login', { replace: true })}>
        sign out
      </button>
    </>
  );
}

function renderPage(path = '/managers') {
  return renderWithProviders(
    <UnsavedChangesGuard>
      <EditingPage />
    </UnsavedChangesGuard>,
    { path },
  );
}

const question = () => screen.findByRole('dialog', { name: '変更が登録されていません' });
const shown = () => screen.getByText(/^shown:/).textContent;

describe('UnsavedChangesGuard', () => {
  it('moves without asking while nothing is changed, or once the changes are registered', async () => {
    const { user, router } = renderPage();
    await user.click(screen.getByRole('link', { name: 'TOP' }));
    expect(router.state.location.pathname).toBe('/top');
    await act(() => router.navigate('/managers'));
    await user.click(screen.getByRole('button', { name: 'edit' }));
    await user.click(screen.getByRole('button', { name: 'register' }));
    await user.click(screen.getByRole('link', { name: 'TOP' }));
    expect(router.state.location.pathname).toBe('/top');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before a link away from unregistered changes; staying keeps the page and its address', async () => {
    const { user, router } = renderPage();
    await user.click(screen.getByRole('button', { name: 'edit' }));
    await user.click(screen.getByRole('link', { name: 'TOP' }));

    const dialog = await question();
    expect(within(dialog).getByText(UNSAVED_CHANGES_TEXT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/managers');
    await user.click(within(dialog).getByRole('button', { name: 'このページに留まる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/managers');
    expect(shown()).toBe('shown: /managers');

    // Still unregistered: the next try asks again.
    await user.click(screen.getByRole('link', { name: 'TOP' }));
    expect(await question()).toBeTruthy();
  });

  it('leaves when told to, dropping the changes', async () => {
    const { user, router } = renderPage();
    await user.click(screen.getByRole('button', { name: 'edit' }));
    await act(() => router.navigate('/orders?status=all'));
    await user.click(within(await question()).getByRole('button', { name: '変更を破棄して移動' }));
    await waitFor(() => expect(shown()).toBe('shown: /orders?status=all'));
    expect(router.state.location.pathname).toBe('/orders');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets a move within the page through (another page of a list)', async () => {
    const { user, router } = renderPage();
    await user.click(screen.getByRole('button', { name: 'edit' }));
    await user.click(screen.getByRole('link', { name: 'next page' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never holds up the sign-out (a move to /login)', async () => {
    const { user, router } = renderPage();
    await user.click(screen.getByRole('button', { name: 'edit' }));
    await user.click(screen.getByRole('button', { name: 'sign out' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('holds the browser’s back button the same way, and goes back when told to', async () => {
    const { user, router } = renderPage('/top');
    await act(() => router.navigate('/managers'));
    await user.click(screen.getByRole('button', { name: 'edit' }));

    await act(() => router.navigate(-1));
    await user.click(within(await question()).getByRole('button', { name: 'このページに留まる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/managers');
    expect(shown()).toBe('shown: /managers');

    await act(() => router.navigate(-1));
    await user.click(within(await question()).getByRole('button', { name: '変更を破棄して移動' }));
    await waitFor(() => expect(shown()).toBe('shown: /top'));
    expect(router.state.location.pathname).toBe('/top');
  });

  it('lets the browser ask on a reload or a closed tab while changes are unregistered', async () => {
    const { user } = renderPage();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'edit' }));
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'register' }));
    expect(unload()).toBe(false);
  });
});
