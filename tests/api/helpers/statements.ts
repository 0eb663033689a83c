import { vi } from 'vitest';
import type { TestApp } from './test-app';

type Query = (...args: unknown[]) => unknown;

/**
 * The texts of the statements the app's database is sent while `run` runs. Every statement of the
 * server, Drizzle's and the hand-built ones alike, is a query() call on db.$client (PGlite, or the
 * node-postgres pool; the searches run outside any transaction).
 */
export async function statementsDuring(t: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const client = (t.database.db as unknown as { $client: { query: Query } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await run();
    return spy.mock.calls.map(([statement]) =>
      typeof statement === 'string' ? statement : String((statement as { text?: unknown }).text),
    );
  } finally {
    spy.mockRestore();
  }
}

/** The statements that read or write the ledger. */
export const readsLedger = (statements: string[]) =>
  statements.filter((text) => /"?ledger_items"?/.test(text));
