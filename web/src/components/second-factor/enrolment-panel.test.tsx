import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../testing/fake-server';
import { renderWithProviders } from '../../testing/render';
import { BACKUP_CODE_TEXTS, BackupCodesList, backupCodesText } from './backup-codes-list';
import { ENROLMENT_TEXTS, EnrolmentPanel } from './enrolment-panel';

const ENROL = 'POST /api/auth/second-factor/enrol';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const uriOf = (secret: string) => `otpauth://totp/portal:staff%40example.com?secret=${secret}`;

afterEach(() => vi.restoreAllMocks());

describe('the enrolment panel', () => {
  it('says when it shows the key already waiting, and makes a new one only when asked, saying so', async () => {
    fakeServer.on(ENROL, (request) =>
      (request.body as { new_key?: boolean } | null)?.new_key
        ? json(200, { secret: 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA', uri: uriOf('x'), resumed: false })
        : json(200, { secret: SECRET, uri: uriOf(SECRET), resumed: true }),
    );
    const { user } = renderWithProviders(<EnrolmentPanel onEnrolled={vi.fn()} />, {
      path: '/second-factor-setup',
    });
    expect(await screen.findByText(ENROLMENT_TEXTS.resumed)).toBeTruthy();
    // The key in groups of four, each kept whole on one line.
    const key = screen.getByTestId('second-factor-secret');
    expect(key.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    for (const group of key.querySelectorAll('span')) {
      expect((group as HTMLElement).style.whiteSpace).toBe('nowrap');
    }
    expect(fakeServer.calls(ENROL)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: ENROLMENT_TEXTS.newKey }));
    expect(await screen.findByText(ENROLMENT_TEXTS.renewed)).toBeTruthy();
    expect(fakeServer.calls(ENROL)[1]!.body).toEqual({ new_key: true });
    expect(screen.getByTestId('second-factor-secret').textContent).toBe(
      'KRUG KIDR OVUW G2ZA MJZG 653O EBTG 66BA',
    );
  });
});

describe('the backup codes', () => {
  const codes = ['abcde-fghjk', 'mnpqr-stuvw'];

  it('are copied, downloaded as a text file and printed', async () => {
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:codes';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderWithProviders(<BackupCodesList codes={codes} />, { path: '/' });

    await user.click(screen.getByRole('button', { name: BACKUP_CODE_TEXTS.copy }));
    expect(await navigator.clipboard.readText()).toBe('abcde-fghjk\nmnpqr-stuvw');
    expect(await screen.findByRole('button', { name: BACKUP_CODE_TEXTS.copied })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: BACKUP_CODE_TEXTS.download }));
    expect(clicked).toHaveBeenCalledOnce();
    const anchor = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('backup-codes.txt');
    expect(await saved[0]!.text()).toBe(backupCodesText(codes));
    expect(backupCodesText(codes)).toContain('abcde-fghjk\r\nmnpqr-stuvw');

    await user.click(screen.getByRole('button', { name: BACKUP_CODE_TEXTS.print }));
    expect(print).toHaveBeenCalledOnce();
  });
});
