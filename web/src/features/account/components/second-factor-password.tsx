import { LOGIN_MESSAGES } from '@domain/messages';
import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { Alert } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { secondFactorErrorMessage } from '../../../api/second-factor';
import { RevealablePasswordInput } from '../../../components/form/revealable-password-input';
import { isHttpError } from '../../../lib/http';

// What the second factor's two forms on the account page share: the current password they ask
// for (docs/decisions/025) and how its refusals are shown.

/**
 * How a refused password is shown (docs/decisions/025): a wrong one on its field, the lock as the
 * form's alert, anything else as the server's message (or the fallback).
 */
export function passwordFailure(
  failure: unknown,
  fallback: string,
): { field?: string; alert?: string } | null {
  if (isHttpError(failure, 423)) return { alert: LOGIN_MESSAGES.locked };
  if (isHttpError(failure, 400) && failure.code === 'INVALID_PASSWORD') {
    const lockedNow = (failure.body as { account_locked?: unknown } | null)?.account_locked;
    return {
      field: SECOND_FACTOR_MESSAGES.wrongPassword,
      ...(lockedNow === true ? { alert: LOGIN_MESSAGES.lockedNowAddition } : {}),
    };
  }
  if (isHttpError(failure, 403) && failure.code === 'REAUTHENTICATION_REQUIRED') {
    return { field: SECOND_FACTOR_MESSAGES.enterPassword };
  }
  return { alert: secondFactorErrorMessage(failure, fallback) };
}

/** The current password's field, as the password change asks for it. */
export function CurrentPasswordInput({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <RevealablePasswordInput
      ref={inputRef}
      label="現在のパスワード"
      name="currentPassword"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      what="現在のパスワード"
    />
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}
