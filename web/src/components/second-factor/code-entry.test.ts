import { SECOND_FACTOR_MESSAGES } from '@domain/second-factor';
import { describe, expect, it } from 'vitest';
import { readSecondFactorEntry } from './code-entry';

describe('readSecondFactorEntry', () => {
  it('takes six digits, dropping the spaces an app groups them with', () => {
    expect(readSecondFactorEntry(' 123 456 ', false)).toEqual({ entry: { code: '123456' } });
  });
  it('asks for the code when it is not six digits', () => {
    for (const typed of ['', '12345', '1234567', '12a456']) {
      expect(readSecondFactorEntry(typed, false)).toEqual({
        error: SECOND_FACTOR_MESSAGES.enterCode,
      });
    }
  });
  it('takes a backup code as typed, trimmed, and asks for one when empty', () => {
    expect(readSecondFactorEntry(' abcde-fghjk ', true)).toEqual({
      entry: { backupCode: 'abcde-fghjk' },
    });
    expect(readSecondFactorEntry('  ', true)).toEqual({
      error: SECOND_FACTOR_MESSAGES.enterBackupCode,
    });
  });
});
