/**
 * The one spelling of a mail address the portal keys on: surrounding white space dropped and
 * lower-cased. User rows, identities, the account lock and the rate limits all compare mails in
 * this form, so that "User@Example.com " and "user@example.com" are one person everywhere.
 */
export const normaliseMail = (mail: string): string => mail.trim().toLowerCase();
