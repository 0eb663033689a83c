import { SHARED_ROOT_FOLDER } from '../../domain/constants';
import type { DemoCustomer } from './demo-master-data';
import { buildPdf, buildPng, buildXlsx, buildZip } from './file-builders';
import { CATALOG } from './ledger-vocabulary';

/** One object of a customer's shared-files tree; body is built only when it is written. */
export interface SharedObject {
  key: string;
  body: () => Buffer | string | Promise<Buffer>;
}

const root = `${SHARED_ROOT_FOLDER}/`;

// A DWG file starts with its version tag; the rest of this one is filler, as a stand-in for a drawing.
const dummyDwg = (name: string) =>
  Buffer.concat([Buffer.from('AC1032', 'ascii'), Buffer.alloc(250), Buffer.from(name, 'utf8')]);

const pdf =
  (...lines: string[]) =>
  () =>
    buildPdf(lines);

/**
 * The shared-files tree of one customer under Shared/: folders two or three levels deep and
 * files of every kind the screen shows (folder, zip, pdf, xlsx, other). 'empty' is only the
 * root folder marker; 'full+paging' adds a folder of more than 100 entries.
 */
export function sharedTreeOf(customer: DemoCustomer, mtime: Date): SharedObject[] {
  if (customer.sharedTree === 'empty') return [{ key: root, body: () => '' }];
  const code = customer.customer_code;
  const priceRows = (year: number) => [
    ['品番', '品名', `${year}年 単価 (円)`],
    ...CATALOG.map((item) => [
      item.itemName,
      item.modelName,
      Math.round(item.unitPrice * (year >= 2026 ? 1.05 : 1)),
    ]),
  ];
  const objects: SharedObject[] = [
    {
      key: `${root}はじめにお読みください.txt`,
      body: () =>
        `${customer.customer_name} 様\n\nこのフォルダには施工マニュアル・カタログ・図面などの共有資料を掲載しています。\nご不明な点は担当営業までお問い合わせください。\n`,
    },
    {
      key: `${root}施工マニュアル/屋根材 施工要領書.pdf`,
      body: pdf('Roofing installation guide', `Customer ${code}`),
    },
    {
      key: `${root}施工マニュアル/太陽光架台/SR-200/SR-200 施工マニュアル.pdf`,
      body: pdf('SR-200 installation manual', 'Solar mounting frame, galvalume / ZAM'),
    },
    {
      key: `${root}施工マニュアル/太陽光架台/SR-200/SR-200 部材リスト.xlsx`,
      body: () =>
        buildXlsx(
          '部材リスト',
          [
            ['品番', '品名', '数量 (1架台あたり)'],
            ['SR-200-GL', '太陽光架台 SR-200 (ガルバリウム)', 1],
            ['CL-35-AL', '中間クランプ CL-35 (アルミ)', 8],
            ['BT-M8-25', '六角ボルトセット M8×25 (ステンレス)', 16],
          ],
          mtime,
        ),
    },
    {
      key: `${root}施工マニュアル/太陽光架台/SR-200/施工写真_完成例.png`,
      body: () => buildPng(64, 40, [40, 90, 160], [200, 220, 240]),
    },
    {
      key: `${root}施工マニュアル/太陽光架台/SPM-450/SPM-450 施工マニュアル.pdf`,
      body: pdf('SPM-450 installation manual', 'Panel mounting rail'),
    },
    {
      key: `${root}カタログ/2026年版/総合カタログ2026.pdf`,
      body: pdf('General catalogue 2026', 'Roofing parts and solar mounting hardware'),
    },
    {
      key: `${root}カタログ/2026年版/価格表2026.xlsx`,
      body: () => buildXlsx('価格表', priceRows(2026), mtime),
    },
    {
      key: `${root}カタログ/2025年版/総合カタログ2025.pdf`,
      body: pdf('General catalogue 2025', 'Roofing parts and solar mounting hardware'),
    },
    {
      key: `${root}カタログ/2025年版/価格表2025.xlsx`,
      body: () => buildXlsx('価格表', priceRows(2025), mtime),
    },
    { key: `${root}図面/CAD/KR-1020 取付詳細図.dwg`, body: () => dummyDwg('KR-1020') },
    {
      key: `${root}図面/CAD/SR-200 架台図面一式.zip`,
      body: () =>
        buildZip(
          [
            { name: 'SR-200_平面図.dwg', data: dummyDwg('SR-200 plan') },
            { name: 'SR-200_断面図.dwg', data: dummyDwg('SR-200 section') },
            { name: 'readme.txt', data: 'SR-200 架台図面一式 (デモ)\n' },
          ],
          mtime,
        ),
    },
    { key: `${root}図面/SPM-450 標準図.pdf`, body: pdf('SPM-450 standard drawing') },
    {
      key: `${root}見積・発注書式/注文書フォーマット.xlsx`,
      body: () =>
        buildXlsx(
          '注文書',
          [
            ['注文書', '', ''],
            ['取引先コード', code, ''],
            ['品番', '数量', '希望納期'],
          ],
          mtime,
        ),
    },
    {
      key: `${root}技術資料/防火認定書一式.zip`,
      body: async () =>
        buildZip(
          [
            {
              name: '防火認定書_屋根材.pdf',
              data: buildPdf(['Fire resistance certificate', 'Roofing']),
            },
            {
              name: '防火認定書_棟包み.pdf',
              data: buildPdf(['Fire resistance certificate', 'Ridge']),
            },
          ],
          mtime,
        ),
    },
    {
      key: `${root}技術資料/耐風圧計算書.pdf`,
      body: pdf('Wind pressure calculation', 'SR-200 / SR-300'),
    },
    { key: `${root}技術資料/ロゴ.png`, body: () => buildPng(48, 48, [20, 60, 120], [20, 60, 120]) },
  ];
  if (customer.sharedTree === 'full+paging') {
    // More than one page (100 entries) of files in one folder.
    for (let i = 1; i <= 120; i++) {
      const name = `施工事例_${String(i).padStart(3, '0')}`;
      objects.push(
        i % 10 === 0
          ? { key: `${root}施工事例写真/${name}.pdf`, body: pdf(`Case study ${i}`) }
          : {
              key: `${root}施工事例写真/${name}.png`,
              body: () => buildPng(32, 24, [120, (i * 37) % 255, 80], [240, 240, 200]),
            },
      );
    }
  }
  return objects;
}
