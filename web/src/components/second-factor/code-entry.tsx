import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/** What a second-factor form sends: the app's code, or one of the backup codes. */
export type SecondFactorEntry = { code: string } | { backupCode: string };

/**
 * Reads what the person typed: six digits (spaces, as apps group them, dropped) or a backup code.
 * Nothing is sent for an empty or malformed entry; the message says what is missing.
 */
export function readSecondFactorEntry(
  typed: string,
  useBackup: boolean,
): { entry: SecondFactorEntry } | { error: string } {
  const value = typed.trim();
  if (useBackup) {
    return value === ''
      ? { error: SECOND_FACTOR_MESSAGES.enterBackupCode }
      : { entry: { backupCode: value } };
  }
  const digits = value.replace(/\s/g, '');
  return /^\d{6}$/.test(digits)
    ? { entry: { code: digits } }
    : { error: SECOND_FACTOR_MESSAGES.enterCode };
}

/**
 * The field of a code or a backup code, with the keyboard and autofill each wants. It is keyed by
 * the kind, so switching gives a fresh field that a screen reader announces anew.
 */
export function SecondFactorCodeInput({
  useBackup,
  ref,
  ...props
}: Omit<TextInputProps, 'label' | 'autoComplete' | 'inputMode' | 'maxLength'> & {
  useBackup: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextInput
      ref={ref}
      key={useBackup ? 'backup' : 'code'}
      label={useBackup ? 'バックアップコード' : '確認コード'}
      autoComplete={useBackup ? 'off' : 'one-time-code'}
      inputMode={useBackup ? 'text' : 'numeric'}
      autoCapitalize="off"
      spellCheck={false}
      maxLength={useBackup ? 20 : 7}
      {...props}
    />
  );
}
