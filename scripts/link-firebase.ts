// `npm run identity:link-firebase [-- --apply]`: links the portal's user rows to the Firebase
// accounts of FIREBASE_PROJECT_ID by mail (README "Firebase Authentication", docs/decisions/011).
// A dry run unless --apply is given: it prints what it would link. Running it again changes
// nothing. Reads the same configuration as the server (DATABASE_URL or DATA_DIR, FIREBASE_*,
// GOOGLE_APPLICATION_CREDENTIALS or FIREBASE_AUTH_EMULATOR_HOST).
import pino from 'pino';
import { loadConfig } from '../server/config';
import { firebaseAuthOf } from '../server/identity/firebase-identity';
import { linkFirebaseAccounts } from '../server/identity/link-firebase';
import { openPlatform } from '../server/platform';

const USAGE = 'usage: npm run identity:link-firebase [-- --apply]';

async function main(args: readonly string[]): Promise<number> {
  if (args.some((a) => a !== '--apply')) {
    console.error(USAGE);
    return 2;
  }
  const apply = args.includes('--apply');
  const config = loadConfig();
  if (!config.FIREBASE_PROJECT_ID) {
    console.error('FIREBASE_PROJECT_ID is not set: which Firebase project should be read?');
    return 2;
  }
  const platform = await openPlatform(config, pino({ level: 'warn' }));
  try {
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const project = `${config.FIREBASE_PROJECT_ID}${config.FIREBASE_AUTH_EMULATOR_HOST ? ` (emulator ${config.FIREBASE_AUTH_EMULATOR_HOST})` : ''}`;
    console.log(`database: ${where}\nFirebase project: ${project}`);
    console.log(apply ? 'applying' : 'dry run (nothing written; --apply writes)');
    const report = await linkFirebaseAccounts(platform.database.db, firebaseAuthOf(config), {
      apply,
    });
    const section = (title: string, mails: string[]) => {
      console.log(`${title}: ${mails.length}`);
      for (const mail of mails) console.log(`  ${mail}`);
    };
    section(`${apply ? 'linked' : 'to link'} (${report.linkedRows} rows)`, report.linked);
    console.log(`already linked: ${report.alreadyLinked.length}`);
    section('unmatched Firebase accounts (no user row)', report.unmatched);
    section('conflicting (left alone)', report.conflicting);
    section('user rows without a Firebase account', report.withoutAccount);
  } finally {
    await platform.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `link-firebase failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
