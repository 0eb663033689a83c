import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditTargetLabel } from '../../domain/audit';

// The audit view names every action and target in Japanese only (docs/decisions/017): an action the
// server records without a name here would show as its internal spelling (「inquiry.create」).

/** Every `action: 'x.y'` a server source records. */
function recordedActions(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...recordedActions(path));
    else if (entry.name.endsWith('.ts')) {
      for (const m of readFileSync(path, 'utf8').matchAll(
        /\baction: '([a-z0-9-]+(?:\.[a-z0-9-]+)+)'/g,
      )) {
        found.push(m[1]!);
      }
    }
  }
  return found;
}

describe('the audit view’s names', () => {
  it('has a Japanese name for every action the server records', () => {
    const actions = [...new Set(recordedActions(join(__dirname, '../../server')))].sort();
    expect(actions.length).toBeGreaterThan(20);
    const unnamed = actions.filter((a) => !(a in AUDIT_ACTION_LABELS));
    expect(unnamed).toEqual([]);
  });

  it('names an inquiry and its attachment in Japanese', () => {
    expect(auditTargetLabel({ entity: 'inquiry', entityId: '12' })).toBe('お問い合わせ: No.12');
    expect(auditTargetLabel({ entity: 'inquiry-attachment', entityId: '3' })).toBe(
      'お問い合わせの添付ファイル: ID 3',
    );
  });
});
