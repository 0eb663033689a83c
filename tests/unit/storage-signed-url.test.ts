import { describe, expect, it } from 'vitest';
import {
  asciiFallback,
  attachmentDisposition,
  encodeRfc5987,
} from '../../server/storage/content-disposition';
import { contentTypeOf } from '../../server/storage/content-type';
import {
  type DownloadGrant,
  DownloadLinkError,
  DownloadSigner,
} from '../../server/storage/signed-download';

const grant: DownloadGrant = {
  bucket: 'portal-10001',
  key: 'Shared/カタログ/2026年版/価格表2026.xlsx',
  fileName: '価格表2026.xlsx',
  expiresAt: 1_800_000_000,
};

function queryOf(signer: DownloadSigner, g: DownloadGrant) {
  const p = new URLSearchParams(signer.toQuery(g));
  return {
    b: p.get('b')!,
    k: p.get('k')!,
    name: p.get('name')!,
    exp: Number(p.get('exp')),
    sig: p.get('sig')!,
  };
}

describe('signed download links of the local driver', () => {
  const signer = new DownloadSigner('a-secret-of-the-platform-0123456789');
  const before = grant.expiresAt * 1000 - 1;

  it('gives back exactly what was signed until the expiry', () => {
    expect(signer.verify(queryOf(signer, grant), before)).toEqual(grant);
  });

  it('refuses the link from the moment it expires', () => {
    const query = queryOf(signer, grant);
    expect(() => signer.verify(query, grant.expiresAt * 1000)).toThrow(
      expect.objectContaining({ reason: 'expired' }),
    );
  });

  it.each([
    ['another bucket', { b: 'portal-20001' }],
    ['another key', { k: 'Shared/カタログ/2025年版/価格表2025.xlsx' }],
    ['another file name', { name: 'invoice.exe' }],
    ['a later expiry', { exp: grant.expiresAt + 3600 }],
    ['a signature of another length', { sig: 'abc' }],
    ['an empty signature', { sig: '' }],
  ])('refuses a link altered to %s', (_what, change) => {
    const query = { ...queryOf(signer, grant), ...change };
    expect(() => signer.verify(query, before)).toThrow(DownloadLinkError);
    expect(() => signer.verify(query, before)).toThrow(
      expect.objectContaining({ reason: 'invalid' }),
    );
  });

  it('refuses a link signed with another secret', () => {
    const other = new DownloadSigner('another-secret-of-another-install-xyz');
    expect(() => signer.verify(queryOf(other, grant), before)).toThrow(DownloadLinkError);
  });

  it('refuses a short secret', () => {
    expect(() => new DownloadSigner('short')).toThrow(RangeError);
  });
});

describe('Content-Disposition of downloads (RFC 6266, RFC 5987)', () => {
  it('carries a Japanese name as UTF-8 filename* and an ASCII fallback', () => {
    expect(attachmentDisposition('価格表2026.xlsx')).toBe(
      `attachment; filename="_2026.xlsx"; filename*=UTF-8''%E4%BE%A1%E6%A0%BC%E8%A1%A82026.xlsx`,
    );
    expect(attachmentDisposition('readme.txt')).toBe(
      `attachment; filename="readme.txt"; filename*=UTF-8''readme.txt`,
    );
  });

  it('keeps the fallback a safe quoted string', () => {
    expect(asciiFallback('a"b\\c%d.pdf')).toBe('a_b_c_d.pdf');
    expect(asciiFallback('図面')).toBe('_');
    expect(asciiFallback('   ')).toBe('download');
  });

  it("percent-encodes what RFC 5987 attr-char does not allow (' ( ) * and spaces)", () => {
    expect(encodeRfc5987("請求書 (6月) '*'.pdf")).toBe(
      '%E8%AB%8B%E6%B1%82%E6%9B%B8%20%286%E6%9C%88%29%20%27%2A%27.pdf',
    );
    expect(decodeURIComponent(encodeRfc5987("請求書 (6月) '*'.pdf"))).toBe("請求書 (6月) '*'.pdf");
  });
});

describe('media types of downloads', () => {
  it.each([
    ['総合カタログ2026.pdf', 'application/pdf'],
    ['防火認定書一式.ZIP', 'application/zip'],
    ['価格表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['ロゴ.png', 'image/png'],
    ['はじめにお読みください.txt', 'text/plain; charset=utf-8'],
    ['KR-1020 取付詳細図.dwg', 'application/acad'],
    ['noextension', 'application/octet-stream'],
  ])('%s is %s', (name, type) => {
    expect(contentTypeOf(name)).toBe(type);
  });
});
