import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type Ref, useRef, useState } from 'react';

/** What a second-factor form sends: the app's code, or one of the backup codes. */
export type SecondFactorEntry = { code: string } | { backupCode: string };

/**
 * Reads what the person typed: six digits (spaces, as apps group them, dropped) or a backup code.
 * Nothing is sent for an empty or malformed entry; the message says what is missing.
 */
export function readSecondFactorEntry(
  typed: string,
  useBackup: false,
): { entry: { code: string } } | { error: string };
export function readSecondFactorEntry(
  typed: string,
  useBackup: boolean,
): { entry: SecondFactorEntry } | { error: string };
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

/**
 * The state of a form that asks for a code or a backup code: which of the two, what is typed, the
 * field's error. `take()` gives the entry to send, or marks the field with what is missing and
 * gives nothing; `field` goes to SecondFactorCodeInput.
 */
export function useSecondFactorEntry() {
  const [useBackup, setUseBackup] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const take = (): SecondFactorEntry | undefined => {
    const read = readSecondFactorEntry(typed, useBackup);
    if ('entry' in read) return read.entry;
    setError(read.error);
    input.current?.focus();
    return undefined;
  };
  const toggleBackup = () => {
    setUseBackup((b) => !b);
    setTyped('');
    setError(null);
  };
  return {
    useBackup,
    take,
    toggleBackup,
    setError,
    input,
    field: {
      ref: input,
      useBackup,
      value: typed,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setTyped(event.currentTarget.value);
        setError(null);
      },
      error,
    },
  };
}
