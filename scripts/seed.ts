// `npm run seed [-- --reset [--yes]]`: applies the migrations and creates the demo data
// (docs/product.md §15). Without flags it seeds only an empty database; --reset empties every table and
// the demo buckets first — on a database that holds data only once confirmed: typed at a terminal,
// or --yes where there is none (a script), so a DATABASE_URL left pointing at production is not
// wiped by one command.
import { createInterface } from 'node:readline/promises';
import pino from 'pino';
import { isDatabaseEmpty, resetDemoData } from '../db/seed/seed-demo-data';
import { loadConfig } from '../server/config';
import { openPlatform, seedDemoIfEmpty } from '../server/platform';

const USAGE = 'usage: npm run seed [-- --reset [--yes]]';

/** Whether the person at the terminal types "reset"; false without a terminal. */
async function confirmedAtTerminal(where: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await terminal.question(
      `This empties every table and the demo buckets of ${where}. Type "reset" to go on: `,
    );
    return answer.trim() === 'reset';
  } finally {
    terminal.close();
  }
}

async function main(args: readonly string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--reset' && arg !== '--yes');
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown.join(' ')}\n${USAGE}`);
  const reset = args.includes('--reset');

  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const config = loadConfig();
  const platform = await openPlatform(config, pino({ level: 'warn' }));
  const { database, storage } = platform;
  try {
    console.log(`[${elapsed()}] migrations applied`);
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const holdsData = !(await isDatabaseEmpty(database.db));
    if (reset) {
      if (holdsData && !args.includes('--yes') && !(await confirmedAtTerminal(where))) {
        console.error(
          `Not reset: ${where} holds data. Confirm at a terminal, or add --yes (npm run seed -- --reset --yes).`,
        );
        process.exitCode = 1;
        return;
      }
      await resetDemoData(database.db, storage);
      console.log(`Emptied every table and the demo buckets (${where}).`);
    } else if (holdsData) {
      console.log(
        `The database already holds data (${where}); seeding skipped. Use --reset to recreate the demo data.`,
      );
      return;
    }
    const summary = await seedDemoIfEmpty(platform, {
      log: (message) => console.log(`[${elapsed()}] ${message}`),
    });
    if (!summary) {
      console.log('Another process seeded the database first; nothing to do.');
      return;
    }
    console.log(`Demo data created (${where}):`);
    console.table(summary);
  } finally {
    await platform.close();
  }
  console.log(`Done in ${elapsed()}.`);
}

/** The message and its causes: a failed query names the statement, its cause the real reason. */
function describeError(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e !== undefined && messages.length < 5; ) {
    messages.push(e instanceof Error ? e.message || e.name : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return messages.join('\n  caused by: ');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`seed failed: ${describeError(error)}`);
  process.exitCode = 1;
});
