import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banners, notices } from '../../db/schema';
import { bearer, signIn } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 5 },
    env: {
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      RATE_LIMIT_MAIL_PER_MINUTE: '100000',
      DRAWINGS_URL: 'https://drawings.example.jp/login',
      DRAWINGS_PASSWORD: 'himitsu-2026',
    },
  });
  for (const who of ['staff', 'admin', 'user', 'other']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
});
afterAll(async () => t?.close());

const call = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: string | null,
  payload: object,
) => t.app.inject({ method, url, payload, headers: who ? bearer(tokens[who]!) : {} });

const rowCounts = async () => ({
  notices: (await t.database.db.select({ n: count() }).from(notices))[0]!.n,
  banners: (await t.database.db.select({ n: count() }).from(banners))[0]!.n,
  audit: (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n,
});

describe('notices', () => {
  it('every signed-in user reads the notices, newest display date first, up to the limit', async () => {
    for (const who of ['staff', 'admin', 'user', 'other']) {
      const res = await call('POST', '/api/v1/notice/get-notice', who, { user_id: 1, limit: 10 });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.length).toBe(3);
      const dates = list.map((n: { display_at: string }) => n.display_at);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
    expect(
      (await call('POST', '/api/v1/notice/get-notice', 'user', { limit: 2 })).json(),
    ).toHaveLength(2);
    expect((await call('POST', '/api/v1/notice/get-notice', null, { limit: 2 })).statusCode).toBe(
      401,
    );
  });

  it('staff add, update and delete a notice, each recorded in the audit log', async () => {
    const before = await rowCounts();
    const added = await call('POST', '/api/v1/notice/add-notice', 'staff', {
      title: '年末年始の出荷について',
      url: 'https://example.com/news/year-end',
      user_id: 424242,
      created_at: '2000-01-01T00:00:00Z',
    });
    expect(added.statusCode).toBe(200);
    const notice = added.json();
    expect(notice.title).toBe('年末年始の出荷について');
    // The server stamps who and when; the client's user_id and timestamps are ignored.
    expect(notice.user_id).not.toBe(424242);
    expect(notice.created_at.startsWith('2000')).toBe(false);

    const newest = (await call('POST', '/api/v1/notice/get-notice', 'user', { limit: 1 })).json();
    expect(newest[0].id).toBe(notice.id);

    const updated = await call('PUT', '/api/v1/notice/update-notice', 'staff', {
      id: notice.id,
      title: '年末年始の出荷日程',
      url: 'https://example.com/news/year-end-2026',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: notice.id, title: '年末年始の出荷日程' });

    const deleted = await call('DELETE', '/api/v1/notice/delete-notice', 'staff', {
      id: notice.id,
      user_id: 1,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: notice.id });

    const after = await rowCounts();
    expect(after.notices).toBe(before.notices);
    expect(after.audit).toBe(before.audit + 3);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(notice.id)));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'notice.create',
      'notice.delete',
      'notice.update',
    ]);
    const update = entries.find((e) => e.action === 'notice.update')!;
    expect(update.actor_mail).toBe('staff@example.com');
    expect((update.before as { title: string }).title).toBe('年末年始の出荷について');
    expect((update.after as { title: string }).title).toBe('年末年始の出荷日程');
  });

  it('a corporate admin, a general user and an anonymous caller cannot write, whatever the body says', async () => {
    const [existing] = (
      await call('POST', '/api/v1/notice/get-notice', 'staff', { limit: 1 })
    ).json();
    const before = await rowCounts();
    for (const who of ['admin', 'user', 'other', null]) {
      const expected = who ? 403 : 401;
      const add = await call('POST', '/api/v1/notice/add-notice', who, {
        title: 'x',
        url: 'https://example.com/x',
        user_id: 1,
      });
      expect(add.statusCode).toBe(expected);
      const upd = await call('PUT', '/api/v1/notice/update-notice', who, {
        id: existing.id,
        title: 'x',
        url: 'https://example.com/x',
      });
      expect(upd.statusCode).toBe(expected);
      const del = await call('DELETE', '/api/v1/notice/delete-notice', who, { id: existing.id });
      expect(del.statusCode).toBe(expected);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('invalid notices answer 400 naming the fields, and nothing is written', async () => {
    const before = await rowCounts();
    const cases: [object, string[]][] = [
      [{ title: '', url: '' }, ['title', 'url']],
      [{ title: '  ', url: 'https://example.com/a' }, ['title']],
      [{ title: 'a', url: 'javascript:alert(1)' }, ['url']],
      [{ title: 'a', url: 'example.com/relative' }, ['url']],
      [{ title: 'a', url: 'ftp://example.com/file' }, ['url']],
    ];
    for (const [body, fields] of cases) {
      const res = await call('POST', '/api/v1/notice/add-notice', 'staff', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(
        res
          .json()
          .fieldErrors.map((f: { field: string }) => f.field)
          .sort(),
      ).toEqual(fields);
    }
    const long = await call('POST', '/api/v1/notice/add-notice', 'staff', {
      title: 'あ'.repeat(201),
      url: 'https://exa mple.com',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual([
      { field: 'title', message: '200文字以内で入力してください。' },
      { field: 'url', message: '形式が正しくありません。' },
    ]);
    const missing = await call('POST', '/api/v1/notice/add-notice', 'staff', { title: 'no url' });
    expect(missing.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('updating or deleting a notice that does not exist answers 404', async () => {
    const upd = await call('PUT', '/api/v1/notice/update-notice', 'staff', {
      id: 999999,
      title: 'x',
      url: 'https://example.com/x',
    });
    expect(upd.statusCode).toBe(404);
    const del = await call('DELETE', '/api/v1/notice/delete-notice', 'staff', { id: 999999 });
    expect(del.statusCode).toBe(404);
  });
});

describe('banners', () => {
  it('every signed-in user reads the banners', async () => {
    const res = await call('POST', '/api/v1/banner/get-banner', 'other', { user_id: 1, limit: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json()[0]).toHaveProperty('image_url');
  });

  it('staff add, update and delete a banner with audit entries', async () => {
    const before = await rowCounts();
    const added = await call('POST', '/api/v1/banner/add-banner', 'staff', {
      explanation: '新製品 折板屋根用架台',
      image_url: 'https://example.com/banner.png',
      destination_url: 'https://example.com/products/new',
    });
    expect(added.statusCode).toBe(200);
    const banner = added.json();
    const updated = await call('PUT', '/api/v1/banner/update-banner', 'staff', {
      id: banner.id,
      explanation: '新製品のご案内',
      image_url: '/demo-assets/banner-roof-renewal.svg',
      destination_url: 'https://example.com/products/new',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().explanation).toBe('新製品のご案内');
    const deleted = await call('DELETE', '/api/v1/banner/delete-banner', 'staff', {
      id: banner.id,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await rowCounts();
    expect(after.banners).toBe(before.banners);
    expect(after.audit).toBe(before.audit + 3);
  });

  it('others cannot write banners, and invalid banners are refused without writing', async () => {
    const before = await rowCounts();
    const body = {
      explanation: 'x',
      image_url: 'https://example.com/x.png',
      destination_url: 'https://example.com/',
    };
    for (const who of ['admin', 'user']) {
      expect((await call('POST', '/api/v1/banner/add-banner', who, body)).statusCode).toBe(403);
    }
    const bad = await call('POST', '/api/v1/banner/add-banner', 'staff', {
      explanation: '',
      image_url: 'javascript:alert(1)',
      destination_url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fieldErrors.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['destination_url', 'explanation', 'image_url']);
    expect(await rowCounts()).toEqual(before);
    expect(
      (await call('DELETE', '/api/v1/banner/delete-banner', 'staff', { id: 987654 })).statusCode,
    ).toBe(404);
  });
});

describe('the drawings tile', () => {
  it('gives every signed-in person the configured site and password, and nobody else', async () => {
    for (const who of ['staff', 'admin', 'user', 'other']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/top/drawings',
        headers: bearer(tokens[who]!),
      });
      expect(res.statusCode, who).toBe(200);
      expect(res.json()).toEqual({
        url: 'https://drawings.example.jp/login',
        password: 'himitsu-2026',
      });
    }
    for (const headers of [{}, bearer('not-a-token')]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/top/drawings', headers });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('himitsu-2026');
    }
  });
});
