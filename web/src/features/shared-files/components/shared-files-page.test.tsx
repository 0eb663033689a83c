import type { SharedFileEntry } from '@domain/api/shared-files';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { fileKindOf } from '../utils/file-kind';
import { SharedFilesPage } from './shared-files-page';

const PHONE_WIDTH = 390;

const STAFF = { userInfo: { customerCode: 99999, userTypeId: 3, mail: 'staff@example.com' } };
const GENERAL_USER = { userInfo: { userTypeId: 2, mail: 'user@example.com' } };

/** A customer's Shared tree as paths; a trailing '/' marks a folder. */
const TREE = [
  'はじめにお読みください.txt',
  'カタログ/',
  'カタログ/2026年版/',
  'カタログ/2026年版/総合カタログ2026.pdf',
  'カタログ/2026年版/価格表2026.xlsx',
  '施工マニュアル/',
  '施工マニュアル/太陽光架台/',
  '施工マニュアル/太陽光架台/SR-200/',
  '施工マニュアル/太陽光架台/SR-200/SR-200 施工マニュアル.pdf',
  '施工マニュアル/太陽光架台/SR-200/SR-200 部材リスト.xlsx',
  '施工マニュアル/太陽光架台/SR-200/図面一式.ZIP',
  '施工マニュアル/太陽光架台/SR-200/施工写真_完成例.png',
  '施工マニュアル/太陽光架台/SR-200/取付詳細図.dwg',
  '施工事例写真/',
  ...Array.from(
    { length: 120 },
    (_, i) => `施工事例写真/施工事例_${String(i + 1).padStart(3, '0')}.png`,
  ),
];

function entriesOf(tree: string[], folder: string): SharedFileEntry[] | null {
  const prefix = folder === '' ? '' : `${folder}/`;
  if (folder !== '' && !tree.some((path) => path.startsWith(prefix))) return null;
  return tree
    .filter((path) => path.startsWith(prefix) && path !== prefix)
    .map((path) => path.slice(prefix.length))
    .filter((rest) => !rest.slice(0, -1).includes('/'))
    .map((rest) => {
      const isDir = rest.endsWith('/');
      const name = isDir ? rest.slice(0, -1) : rest;
      return { file_name: name, file_path: `${prefix}${name}`, is_dir: isDir };
    })
    .sort((a, b) => Number(b.is_dir) - Number(a.is_dir) || a.file_name.localeCompare(b.file_name));
}

/** The server's shared-file calls over the tree, per customer (bucket-<code>). */
function serveSharedFiles(trees: Record<number, string[]> = { 10001: TREE }) {
  fakeServer
    .on('GET /api/v1/spec/get-customer-bucket-name', ({ query }) =>
      json(200, { customer_bucket_name: `bucket-${query.get('customer_code')}` }),
    )
    .on('POST /api/v1/shared-file/get-shared-filename', ({ body }) => {
      const { bucket_name, folder_name, page, page_size } = body as {
        bucket_name: string;
        folder_name: string;
        page: number;
        page_size: number;
      };
      const entries = entriesOf(
        trees[Number(bucket_name.slice('bucket-'.length))] ?? [],
        folder_name,
      );
      if (!entries) return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'not found' });
      return json(200, {
        items: entries.slice((page - 1) * page_size, page * page_size),
        total: entries.length,
        page,
        page_size,
      });
    })
    .on('GET /api/v1/spec/get-all-customer-code-list', () =>
      json(200, [
        { customer_code: 10001, customer_name: '株式会社東和ルーフ 本社' },
        { customer_code: 40001, customer_name: '株式会社空フォルダ' },
      ]),
    );
}

const listingCalls = () =>
  fakeServer.calls('POST /api/v1/shared-file/get-shared-filename').map((r: FakeRequest) => r.body);

const breadcrumb = () => screen.getByRole('navigation', { name: 'フォルダの階層' });

describe('the shared files page', () => {
  it('shows the root as すべてのファイル with folders first, then files, as named tiles', async () => {
    serveSharedFiles();
    renderWithProviders(<SharedFilesPage />, { path: '/shared-files', session: GENERAL_USER });

    const grid = await screen.findByRole('list', { name: 'フォルダとファイル' });
    const tiles = within(grid).getAllByRole('listitem');
    // In the server's order: folders first, then files.
    expect(tiles.map((tile) => tile.textContent)).toEqual(
      entriesOf(TREE, '')!.map((entry) => entry.file_name),
    );
    expect(tiles.at(-1)?.textContent).toBe('はじめにお読みください.txt');
    expect(within(grid).getByRole('link', { name: 'カタログ' })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'はじめにお読みください.txt' })).toBeTruthy();
    expect(within(breadcrumb()).getByText('すべてのファイル').getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.queryByRole('button', { name: '上の階層' })).toBeNull();
    expect(listingCalls()[0]).toMatchObject({
      bucket_name: 'bucket-10001',
      folder_name: '',
      page: 1,
      page_size: 100,
    });
  });

  it('on a desktop shows the last three levels and puts the earlier ones in a menu', async () => {
    serveSharedFiles();
    const { user, router } = renderWithProviders(<SharedFilesPage />, {
      path: `/shared-files?folder=${encodeURIComponent('施工マニュアル/太陽光架台/SR-200')}`,
      session: GENERAL_USER,
    });

    await screen.findByRole('button', { name: 'SR-200 施工マニュアル.pdf' });
    const nav = breadcrumb();
    expect(within(nav).getByRole('link', { name: '施工マニュアル' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: '太陽光架台' })).toBeTruthy();
    expect(within(nav).getByText('SR-200').getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByText('すべてのファイル')).toBeNull();

    await user.click(within(nav).getByRole('button', { name: '上の階層' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['すべてのファイル']);

    await user.click(items[0]!);
    await screen.findByRole('link', { name: 'カタログ' });
    expect(router.state.location.search).toBe('');
    expect(within(breadcrumb()).getByText('すべてのファイル')).toBeTruthy();
  });

  it('on a phone shows only the current folder, with every earlier level in the menu', async () => {
    window.innerWidth = PHONE_WIDTH;
    serveSharedFiles();
    const { user, router } = renderWithProviders(<SharedFilesPage />, {
      path: `/shared-files?folder=${encodeURIComponent('施工マニュアル/太陽光架台/SR-200')}`,
      session: GENERAL_USER,
    });

    await screen.findByRole('button', { name: 'SR-200 施工マニュアル.pdf' });
    const nav = breadcrumb();
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    expect(within(nav).getByText('SR-200').getAttribute('aria-current')).toBe('page');

    await user.click(within(nav).getByRole('button', { name: '上の階層' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'すべてのファイル',
      '施工マニュアル',
      '太陽光架台',
    ]);

    await user.click(screen.getByRole('menuitem', { name: '施工マニュアル' }));
    await screen.findByRole('link', { name: '太陽光架台' });
    expect(new URLSearchParams(router.state.location.search).get('folder')).toBe('施工マニュアル');
  });

  it('chooses the icon by the extension: folder, zip, pdf, xlsx and other', async () => {
    expect(fileKindOf({ file_name: 'カタログ', is_dir: true })).toBe('folder');
    expect(fileKindOf({ file_name: '図面.zip', is_dir: false })).toBe('zip');
    expect(fileKindOf({ file_name: '図面一式.ZIP', is_dir: false })).toBe('zip');
    expect(fileKindOf({ file_name: '総合カタログ.pdf', is_dir: false })).toBe('pdf');
    expect(fileKindOf({ file_name: '価格表.xlsx', is_dir: false })).toBe('xlsx');
    expect(fileKindOf({ file_name: '旧価格表.xls', is_dir: false })).toBe('xlsx');
    expect(fileKindOf({ file_name: '写真.png', is_dir: false })).toBe('other');
    expect(fileKindOf({ file_name: 'README', is_dir: false })).toBe('other');
    expect(fileKindOf({ file_name: '.zip', is_dir: false })).toBe('other');

    serveSharedFiles();
    renderWithProviders(<SharedFilesPage />, {
      path: `/shared-files?folder=${encodeURIComponent('施工マニュアル/太陽光架台/SR-200')}`,
      session: GENERAL_USER,
    });
    const kindOf = async (name: string) =>
      (await screen.findByRole('button', { name })).getAttribute('data-kind');
    expect(await kindOf('SR-200 施工マニュアル.pdf')).toBe('pdf');
    expect(await kindOf('SR-200 部材リスト.xlsx')).toBe('xlsx');
    expect(await kindOf('図面一式.ZIP')).toBe('zip');
    expect(await kindOf('施工写真_完成例.png')).toBe('other');
    expect(await kindOf('取付詳細図.dwg')).toBe('other');
  });

  it('opens a folder by its tile: the folder goes into the URL and is listed', async () => {
    serveSharedFiles();
    const { user, router } = renderWithProviders(<SharedFilesPage />, {
      path: '/shared-files',
      session: GENERAL_USER,
    });

    await user.click(await screen.findByRole('link', { name: 'カタログ' }));
    await user.click(await screen.findByRole('link', { name: '2026年版' }));
    await screen.findByRole('button', { name: '価格表2026.xlsx' });
    expect(new URLSearchParams(router.state.location.search).get('folder')).toBe(
      'カタログ/2026年版',
    );
    expect(listingCalls().at(-1)).toMatchObject({ folder_name: 'カタログ/2026年版', page: 1 });
    // The new folder's level takes the focus, so keyboard users continue from there.
    expect(document.activeElement?.textContent).toBe('2026年版');

    // Back in history is the folder before.
    await router.navigate(-1);
    await screen.findByRole('link', { name: '2026年版' });
    expect(new URLSearchParams(router.state.location.search).get('folder')).toBe('カタログ');
  });

  it('shows 100 entries a page and pages with the page in the URL', async () => {
    serveSharedFiles();
    const { user, router } = renderWithProviders(<SharedFilesPage />, {
      path: `/shared-files?folder=${encodeURIComponent('施工事例写真')}`,
      session: GENERAL_USER,
    });

    await screen.findByRole('button', { name: '施工事例_001.png' });
    expect(
      within(screen.getByRole('list', { name: 'フォルダとファイル' })).getAllByRole('listitem'),
    ).toHaveLength(100);
    expect(screen.getByText('120件中 1〜100件')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: '2ページ' }));
    await screen.findByRole('button', { name: '施工事例_120.png' });
    expect(screen.getByText('120件中 101〜120件')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(listingCalls().at(-1)).toMatchObject({ folder_name: '施工事例写真', page: 2 });
  });

  it('tells staff to choose a customer first, then lists the chosen customer', async () => {
    serveSharedFiles({ 10001: TREE, 40001: [] });
    const { user, router } = renderWithProviders(<SharedFilesPage />, {
      path: '/shared-files',
      session: STAFF,
    });

    expect(await screen.findByText('閲覧したい取引先コードを選択してください')).toBeTruthy();
    expect(fakeServer.calls('GET /api/v1/spec/get-customer-bucket-name')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'フォルダの階層' })).toBeNull();

    await user.click(await screen.findByRole('combobox', { name: '取引先コード' }));
    await user.click(await screen.findByRole('option', { name: '10001: 株式会社東和ルーフ 本社' }));
    await screen.findByRole('link', { name: 'カタログ' });
    expect(new URLSearchParams(router.state.location.search).get('customer')).toBe('10001');
    expect(screen.queryByText('閲覧したい取引先コードを選択してください')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: '取引先コード' }));
    await user.click(await screen.findByRole('option', { name: '40001: 株式会社空フォルダ' }));
    expect(await screen.findByText('ファイルが存在しません')).toBeTruthy();
  });

  it('lets staff register the chosen customer’s folder name, checking the name first', async () => {
    serveSharedFiles();
    fakeServer.on('POST /api/v1/spec/register-customer-folder-name', ({ body }) => {
      const { customer_code, folder_name } = body as { customer_code: number; folder_name: string };
      return json(200, { customer_code, folder_name });
    });
    const { user } = renderWithProviders(<SharedFilesPage />, {
      path: '/shared-files?customer=10001',
      session: STAFF,
    });
    await screen.findByRole('link', { name: 'カタログ' });
    const form = screen.getByRole('form', { name: '取引先のフォルダ名の登録' });
    const field = within(form).getByRole('textbox', { name: 'フォルダ名' });

    // A path, not one name: refused here, nothing sent.
    await user.type(field, '../東和ルーフ');
    await user.click(within(form).getByRole('button', { name: '登録' }));
    expect(
      await within(form).findByText(
        'フォルダ名は「/」「\\」「.」を含まない1つの名前で入力してください。',
      ),
    ).toBeTruthy();
    expect(fakeServer.calls('POST /api/v1/spec/register-customer-folder-name')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '東和ルーフ本社');
    await user.click(within(form).getByRole('button', { name: '登録' }));
    expect(
      await within(form).findByText('フォルダ名「東和ルーフ本社」を登録しました。'),
    ).toBeTruthy();
    expect(fakeServer.calls('POST /api/v1/spec/register-customer-folder-name')[0]!.body).toEqual({
      customer_code: 10001,
      folder_name: '東和ルーフ本社',
    });
  });

  it('shows the server’s reason when a folder name is refused', async () => {
    serveSharedFiles();
    fakeServer.on('POST /api/v1/spec/register-customer-folder-name', () =>
      json(404, { statusCode: 404, code: 'NOT_FOUND', message: '取引先が見つかりません。' }),
    );
    const { user } = renderWithProviders(<SharedFilesPage />, {
      path: '/shared-files?customer=10001',
      session: STAFF,
    });
    const form = await screen.findByRole('form', { name: '取引先のフォルダ名の登録' });
    await user.type(within(form).getByRole('textbox', { name: 'フォルダ名' }), '本社');
    await user.click(within(form).getByRole('button', { name: '登録' }));
    expect(await within(form).findByText('取引先が見つかりません。')).toBeTruthy();
  });

  it('gives no folder-name form to anyone but staff', async () => {
    serveSharedFiles();
    renderWithProviders(<SharedFilesPage />, { path: '/shared-files', session: GENERAL_USER });
    await screen.findByRole('link', { name: 'カタログ' });
    expect(screen.queryByRole('form', { name: '取引先のフォルダ名の登録' })).toBeNull();
  });

  it('says ファイルが存在しません for an empty folder', async () => {
    serveSharedFiles({ 10001: [] });
    renderWithProviders(<SharedFilesPage />, { path: '/shared-files', session: GENERAL_USER });

    expect(await screen.findByText('ファイルが存在しません')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'フォルダとファイル' })).toBeNull();
  });

  it('ignores a customer in the URL for everyone but staff', async () => {
    serveSharedFiles();
    renderWithProviders(<SharedFilesPage />, {
      path: '/shared-files?customer=20001',
      session: GENERAL_USER,
    });

    await screen.findByRole('link', { name: 'カタログ' });
    expect(
      fakeServer.calls('GET /api/v1/spec/get-customer-bucket-name')[0]?.query.get('customer_code'),
    ).toBe('10001');
    expect(screen.queryByRole('combobox', { name: '取引先コード' })).toBeNull();
  });

  it('downloads a file by navigating to its signed URL', async () => {
    serveSharedFiles();
    fakeServer.on('POST /api/v1/shared-file/get-shared-url', () =>
      json(200, { url: '/files/signed?token=abc' }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user } = renderWithProviders(<SharedFilesPage />, {
      path: `/shared-files?folder=${encodeURIComponent('カタログ/2026年版')}`,
      session: GENERAL_USER,
    });

    await user.click(await screen.findByRole('button', { name: '価格表2026.xlsx' }));
    await waitFor(() => expect(clicked).toEqual(['/files/signed?token=abc']));
    expect(fakeServer.calls('POST /api/v1/shared-file/get-shared-url')[0]?.body).toMatchObject({
      bucket_name: 'bucket-10001',
      folder_name: 'カタログ/2026年版',
      file_name: '価格表2026.xlsx',
    });
    click.mockRestore();
  });

  it('opens the error dialog with the support contact when a download fails', async () => {
    serveSharedFiles();
    fakeServer.on('POST /api/v1/shared-file/get-shared-url', () =>
      json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'not found' }),
    );
    const { user } = renderWithProviders(<SharedFilesPage />, {
      path: '/shared-files',
      session: GENERAL_USER,
    });

    await user.click(await screen.findByRole('button', { name: 'はじめにお読みください.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'エラー' });
    expect(
      within(dialog).getByText('アクセス時にエラーが発生しました。再度お試しください。'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'support@example.com' })).toBeTruthy();
  });

  it('says ファイルが存在しません for a folder that is not there', async () => {
    serveSharedFiles();
    renderWithProviders(<SharedFilesPage />, {
      path: `/shared-files?folder=${encodeURIComponent('なくなったフォルダ')}`,
      session: GENERAL_USER,
    });
    expect(await screen.findByText('ファイルが存在しません')).toBeTruthy();
    expect(within(breadcrumb()).getByRole('link', { name: 'すべてのファイル' })).toBeTruthy();
  });
});
