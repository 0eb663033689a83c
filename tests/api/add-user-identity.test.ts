import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { IdentityPort } from '../../server/identity/identity-port';
import { resolveCaller } from '../../server/services/caller';
import { addUser } from '../../server/services/users/add-user';
import type { UserAdminDeps } from '../../server/services/users/user-admin-common';
import { createTestApp, type TestApp } from './helpers/test-app';

// Adding a user creates the identity with the provider, outside the database's transaction
// (server/services/users/add-user.ts): when the row then cannot be written, the new identity is
// removed again, so that it does not hold the mail for nobody (an administrator could never add
// that mail afterwards: an identity without rows is out of their reach).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: { ledgerLinesPerCustomer: 0 } });
});
afterAll(async () => t?.close());

const errors: object[] = [];
const deps = (identity: IdentityPort): UserAdminDeps => ({
  db: t.database.db,
  identity,
  mailer: t.platform.mailer,
  config: t.config,
  log: { error: (details) => errors.push(details) },
});

async function staff() {
  const uid = await t.platform.identity.findUidByMail('staff@example.com');
  return resolveCaller(t.database.db, uid!);
}

describe('adding a user over the identity port', () => {
  it('a row that cannot be written takes its new identity with it', async () => {
    const mail = 'raced@example.com';
    // Another save of the same mail and customer lands between the checks and the write.
    const racing: IdentityPort = {
      ...t.platform.identity,
      async createIdentity(input) {
        const uid = await t.platform.identity.createIdentity(input);
        await t.database.db.insert(users).values({
          mail,
          user_name: '先着',
          customer_code: 10001,
          user_type_id: 2,
        });
        return uid;
      },
    };
    const adding = addUser(deps(racing), await staff(), {
      mail,
      user_name: '後着',
      customer_code: 10001,
      user_type_id: 2,
    });
    await expect(adding).rejects.toMatchObject({
      statusCode: 409,
      extra: { detail: { description: expect.stringContaining('mail') } },
    });
    expect(await t.platform.identity.findUidByMail(mail)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('an identity a row took meanwhile stays', async () => {
    const mail = 'kept@example.com';
    let created = '';
    const racing: IdentityPort = {
      ...t.platform.identity,
      async createIdentity(input) {
        created = await t.platform.identity.createIdentity(input);
        await t.database.db.insert(users).values({
          mail,
          user_name: '先着',
          customer_code: 10001,
          user_type_id: 2,
          firebase_uid: created,
        });
        return created;
      },
    };
    const adding = addUser(deps(racing), await staff(), {
      mail,
      user_name: '後着',
      customer_code: 10001,
      user_type_id: 2,
    });
    await expect(adding).rejects.toMatchObject({ statusCode: 409 });
    expect(await t.platform.identity.findUidByMail(mail)).toBe(created);
  });
});
