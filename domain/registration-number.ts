// The 登録番号 of a qualified invoice (インボイス制度): "T" and the issuer's 13-digit 法人番号, whose
// first digit is a check digit over the other twelve (法人番号の指定等に関する省令 第2条):
// check = 9 − (Σ Pn × Qn mod 9), Pn the n-th of the twelve digits counted from the right,
// Qn 1 for odd n and 2 for even n. A number typed or exported wrongly fails the check, so an
// invoice naming it is refused rather than stored as issued by nobody.

const REGISTRATION_NUMBER = /^T(\d)(\d{12})$/;

/** The 法人番号 check digit (1–9) of twelve digits. */
export function corporateNumberCheckDigit(twelveDigits: string): number {
  if (!/^\d{12}$/.test(twelveDigits)) throw new Error('twelve digits expected');
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = twelveDigits.charCodeAt(12 - n) - 48;
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export type RegistrationNumberProblem = 'format' | 'check-digit';

/** Why a 登録番号 is not one, or null when it is "T" + 13 digits with a right check digit. */
export function registrationNumberProblem(value: string): RegistrationNumberProblem | null {
  const match = REGISTRATION_NUMBER.exec(value);
  if (!match) return 'format';
  return Number(match[1]) === corporateNumberCheckDigit(match[2]!) ? null : 'check-digit';
}
