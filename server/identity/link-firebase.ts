import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Auth as FirebaseAuth } from 'firebase-admin/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { normaliseMail } from '../../domain/mail-address';

// `npm run identity:link-firebase` (scripts/link-firebase.ts): links the portal's user rows to the
// Firebase accounts of the project by mail, before (or after) IDENTITY_PROVIDER=firebase is set
// (docs/decisions/011). Dry run unless told to apply; running it again changes nothing.

export interface LinkReport {
  /** Mails whose rows were (or, in a dry run, would be) linked to their Firebase account. */
  linked: string[];
  /** How many rows that is. */
  linkedRows: number;
  /** Mails whose rows all name their Firebase account already. */
  alreadyLinked: string[];
  /** Firebase accounts without any user row. */
  unmatched: string[];
  /**
   * Mails left alone: their rows name another Firebase account that still exists, or two
   * Firebase accounts share the mail in normaliseMail's spelling.
   */
  conflicting: string[];
  /** Mails of active rows with no Firebase account (the people to add to Firebase). */
  withoutAccount: string[];
}

interface FirebaseAccount {
  uid: string;
  mail: string;
}

/** Every account of the project, page by page (listUsers gives at most 1000 at a time). */
export async function listFirebaseAccounts(auth: FirebaseAuth): Promise<FirebaseAccount[]> {
  const accounts: FirebaseAccount[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      if (user.email) accounts.push({ uid: user.uid, mail: normaliseMail(user.email) });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return accounts;
}

export async function linkFirebaseAccounts(
  db: Database,
  auth: FirebaseAuth,
  options: { apply: boolean },
): Promise<LinkReport> {
  const accounts = await listFirebaseAccounts(auth);
  const uids = new Set(accounts.map((a) => a.uid));
  const byMail = new Map<string, FirebaseAccount[]>();
  for (const account of accounts) {
    byMail.set(account.mail, [...(byMail.get(account.mail) ?? []), account]);
  }
  const rows = await db
    .select({
      id: users.id,
      mail: users.mail,
      uid: users.firebase_uid,
      deleted: users.delete_flag,
    })
    .from(users);
  const rowsByMail = new Map<string, typeof rows>();
  for (const row of rows) {
    const mail = normaliseMail(row.mail);
    rowsByMail.set(mail, [...(rowsByMail.get(mail) ?? []), row]);
  }

  const report: LinkReport = {
    linked: [],
    linkedRows: 0,
    alreadyLinked: [],
    unmatched: [],
    conflicting: [],
    withoutAccount: [],
  };
  for (const [mail, sameMail] of [...byMail].sort(([a], [b]) => a.localeCompare(b))) {
    const mailRows = rowsByMail.get(mail) ?? [];
    if (mailRows.length === 0) {
      report.unmatched.push(mail);
      continue;
    }
    const account = sameMail[0]!;
    const toLink = mailRows.filter((r) => r.uid !== account.uid);
    // A row naming another live account is not taken from it; nor is a mail two accounts share.
    if (sameMail.length > 1 || toLink.some((r) => r.uid && uids.has(r.uid))) {
      report.conflicting.push(mail);
      continue;
    }
    if (toLink.length === 0) {
      report.alreadyLinked.push(mail);
      continue;
    }
    report.linked.push(mail);
    report.linkedRows += toLink.length;
    if (options.apply) {
      await db
        .update(users)
        .set({ firebase_uid: account.uid, updated_at: new Date() })
        .where(
          and(
            eq(users.mail, mail),
            or(isNull(users.firebase_uid), ne(users.firebase_uid, account.uid)),
          ),
        );
    }
  }
  for (const [mail, mailRows] of [...rowsByMail].sort(([a], [b]) => a.localeCompare(b))) {
    if (!byMail.has(mail) && mailRows.some((r) => !r.deleted)) report.withoutAccount.push(mail);
  }
  return report;
}
