import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { keepTypedBeforeScripts } from '../../../lib/server-rendering';
import { renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('asks for both fields when submitted empty and does not submit', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(screen.getByText('メールアドレスを入力してください。')).toBeTruthy();
    expect(screen.getByText('パスワードを入力してください。')).toBeTruthy();
    const mail = screen.getByRole('textbox', { name: 'メールアドレス' });
    expect(mail.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(mail);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands filled values to the caller', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await user.type(screen.getByRole('textbox', { name: 'メールアドレス' }), ' user@example.com ');
    await user.type(screen.getByLabelText('パスワード'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(onSubmit).toHaveBeenCalledWith({ mail: 'user@example.com', password: 'Passw0rd!' });
    expect(screen.queryByText('メールアドレスを入力してください。')).toBeNull();
  });

  it('keeps what was typed into the server’s form when the app renders afresh over it', async () => {
    // The server's HTML of the form, typed into before the scripts ran; the app then renders its
    // own form in its place (no hydration: this tab arrived with a navigation's state).
    const server = document.createElement('div');
    server.innerHTML = '<form><input name="mail"><input name="password" type="password"></form>';
    document.body.append(server);
    keepTypedBeforeScripts(server);
    server.querySelector<HTMLInputElement>('input[name=mail]')!.value = 'user@example.com';
    server.querySelector<HTMLInputElement>('input[name=password]')!.value = 'Passw0rd!';
    server.remove();

    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    expect(screen.getByRole('textbox', { name: 'メールアドレス' })).toHaveProperty(
      'value',
      'user@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(onSubmit).toHaveBeenCalledWith({ mail: 'user@example.com', password: 'Passw0rd!' });
  });

  it('shows and hides the password with the toggle', async () => {
    const { user } = renderWithProviders(<LoginForm onSubmit={() => {}} />);
    const password = screen.getByLabelText('パスワード');
    expect(password.getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'パスワードを表示' }));

    expect(password.getAttribute('type')).toBe('text');
    // The button now says what it does next.
    await user.click(screen.getByRole('button', { name: 'パスワードを隠す' }));
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'パスワードを表示' })).toBeTruthy();
  });

  it('links to the password reset screen', () => {
    renderWithProviders(<LoginForm onSubmit={() => {}} />);
    expect(
      screen.getByRole('link', { name: 'パスワードをお忘れの方はこちら' }).getAttribute('href'),
    ).toBe('/mail-reset-password');
  });
});
