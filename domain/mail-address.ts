/**
 * The one spelling of a mail address the portal keys on: surrounding white space dropped and
 * lower-cased. User rows, identities, the account lock and the rate limits all compare mails in
 * this form, so that "User@Example.com " and "user@example.com" are one person everywhere.
 */
export const normaliseMail = (mail: string): string => mail.trim().toLowerCase();

/**
 * A mail as a person typed it into a form: full-width letters and signs (ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ,
 * typed with the Japanese input method on) folded to their usual form (NFKC), then normaliseMail.
 * For mails only: a password is taken exactly as typed.
 */
export const foldMail = (mail: string): string => normaliseMail(mail.normalize('NFKC'));
