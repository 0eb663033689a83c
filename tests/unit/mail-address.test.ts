import { describe, expect, it } from 'vitest';
import { normaliseMail } from '../../domain/mail-address';

describe('normaliseMail', () => {
  it.each([
    ['user@example.com', 'user@example.com'],
    ['  User@Example.COM\t', 'user@example.com'],
    ['NEW.Person@example.com', 'new.person@example.com'],
    ['', ''],
  ])('%j → %j', (typed, key) => {
    expect(normaliseMail(typed)).toBe(key);
  });
});
