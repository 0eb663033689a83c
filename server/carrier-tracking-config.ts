import { readFileSync } from 'node:fs';
import {
  type CarrierTrackingTable,
  carrierTrackingFileSchema,
  DEFAULT_CARRIER_TRACKING,
  mergeCarrierTracking,
} from '../domain/carrier-tracking';

// CARRIER_TRACKING_FILE (README "Configuration", docs/decisions/012): a JSON file that extends or
// overrides the built-in carrier tracking table, read and checked once at start by loadConfig.

/**
 * The tracking table with the file applied; unset → the built-in table. A file that cannot be
 * read or does not match the schema gives a problem text (loadConfig names the variable with it).
 */
export function carrierTrackingOf(
  path: string | undefined,
): { table: CarrierTrackingTable } | { problem: string } {
  if (path === undefined) return { table: DEFAULT_CARRIER_TRACKING };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      problem: code ? `cannot be read (${code})` : `is not JSON (${(error as Error).message})`,
    };
  }
  const parsed = carrierTrackingFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { problem: `${issue.path.join('.') || '(file)'}: ${issue.message}` };
  }
  return { table: mergeCarrierTracking(DEFAULT_CARRIER_TRACKING, parsed.data) };
}
