import { LOGIN_MESSAGES } from '@domain/messages';
import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { SecondFactorCodeStep } from './second-factor-code-step';

const VERIFY = 'POST /api/auth/second-factor/verify';

function renderStep() {
  const onVerified = vi.fn();
  const onFailed = vi.fn();
  const rendered = renderWithProviders(
    <SecondFactorCodeStep onVerified={onVerified} onFailed={onFailed} onCancel={vi.fn()} />,
    { path: '/login' },
  );
  return { ...rendered, onVerified, onFailed };
}

describe('the sign-in’s code step', () => {
  it('asks for six digits before sending, then sends them without the spaces, trusting the browser when chosen', async () => {
    fakeServer.on(VERIFY, () => json(200, { status: true }));
    const { user, onVerified } = renderStep();
    const field = screen.getByLabelText('確認コード');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: '確認' }));
    expect(await screen.findByText(SECOND_FACTOR_MESSAGES.enterCode)).toBeTruthy();
    expect(fakeServer.calls(VERIFY)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '123 456');
    // Typing again clears the message.
    expect(screen.queryByText(SECOND_FACTOR_MESSAGES.enterCode)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /このブラウザを30日間信頼する/ }));
    await user.click(screen.getByRole('button', { name: '確認' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce());
    expect(fakeServer.calls(VERIFY)[0]!.body).toEqual({ code: '123456', trustBrowser: true });
  });

  it('takes a backup code instead, asking for one when empty', async () => {
    fakeServer.on(VERIFY, () => json(200, { status: true }));
    const { user, onVerified } = renderStep();
    await user.click(screen.getByRole('button', { name: 'バックアップコードを使う' }));
    await user.click(screen.getByRole('button', { name: '確認' }));
    expect(await screen.findByText(SECOND_FACTOR_MESSAGES.enterBackupCode)).toBeTruthy();

    await user.type(screen.getByLabelText('バックアップコード'), ' abcde-fghjk ');
    await user.click(screen.getByRole('button', { name: '確認' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce());
    expect(fakeServer.calls(VERIFY)[0]!.body).toEqual({
      backupCode: 'abcde-fghjk',
      trustBrowser: false,
    });
    // And back to the app's code.
    await user.click(screen.getByRole('button', { name: '確認コードを使う' }));
    expect(screen.getByLabelText('確認コード')).toBeTruthy();
  });

  it('marks a wrong code in the field, and returns to the form with the lock message when it locks', async () => {
    let answer = json(401, {
      code: 'INVALID_SECOND_FACTOR_CODE',
      message: SECOND_FACTOR_MESSAGES.wrongCode,
    });
    fakeServer.on(VERIFY, () => answer);
    const { user, onFailed } = renderStep();
    await user.type(screen.getByLabelText('確認コード'), '000000');
    await user.click(screen.getByRole('button', { name: '確認' }));
    expect(await screen.findByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeTruthy();
    expect(onFailed).not.toHaveBeenCalled();

    answer = json(401, {
      code: 'INVALID_SECOND_FACTOR_CODE',
      message: SECOND_FACTOR_MESSAGES.wrongCode,
      account_locked: true,
    });
    await user.click(screen.getByRole('button', { name: '確認' }));
    await vi.waitFor(() =>
      expect(onFailed).toHaveBeenCalledWith({
        kind: 'error',
        lines: [SECOND_FACTOR_MESSAGES.wrongCode, LOGIN_MESSAGES.lockedNowAddition],
      }),
    );
  });
});
