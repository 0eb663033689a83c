import { z } from 'zod';

// Carrier tracking links: the core system writes the carrier's name in `transportation`
// (ヤマト運輸, ﾔﾏﾄ, 佐川急便株式会社 …) and the shipping label number beside it. A link is built only
// from a template of this table with the cleaned number filled in, never from ledger text; an
// unknown carrier or an empty number gives no link.
//
// The URL templates were written from knowledge, WITHOUT network access: an operator must check
// each one against the carrier's current tracking page. Any of them can be corrected, and carriers
// added, without a code change: a JSON file named by CARRIER_TRACKING_FILE (README "Configuration")
// extends or overrides this table by carrier id.

/** The placeholder of a template that the label number replaces. */
export const TRACKING_NUMBER_PLACEHOLDER = '{number}';

export const carrierTrackingEntrySchema = z.object({
  /** Shown name of the carrier. */
  name: z.string().min(1).max(100),
  /** Names the core system may write; compared after carrierNameKey (NFKC, no spaces, no 株式会社). */
  aliases: z.array(z.string().min(1).max(100)).max(50),
  /** https URL with {number} exactly once. */
  url: z
    .string()
    .max(500)
    .refine((v) => /^https:\/\/[^\s{}]+/.test(v), 'must be an https:// URL')
    .refine(
      (v) => v.split(TRACKING_NUMBER_PLACEHOLDER).length === 2,
      `must contain ${TRACKING_NUMBER_PLACEHOLDER} exactly once`,
    )
    .refine(
      (v) => !/[\s"'<>`\\]/.test(v.replace(TRACKING_NUMBER_PLACEHOLDER, '')),
      'must not contain spaces, quotes or angle brackets',
    ),
});
export type CarrierTrackingEntry = z.infer<typeof carrierTrackingEntrySchema>;

/** Carrier id (a-z, 0-9, -) → entry. */
export const carrierTrackingTableSchema = z.record(
  z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'carrier ids are a-z, 0-9 and -'),
  carrierTrackingEntrySchema,
);
export type CarrierTrackingTable = z.infer<typeof carrierTrackingTableSchema>;

/**
 * The override file (CARRIER_TRACKING_FILE): `{ "carriers": { "<id>": { name, aliases, url } } }`;
 * an id of the built-in table replaces that entry, a new id adds one; `null` removes an entry.
 */
export const carrierTrackingFileSchema = z
  .object({
    carriers: z.record(
      z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'carrier ids are a-z, 0-9 and -'),
      carrierTrackingEntrySchema.nullable(),
    ),
  })
  .strict();
export type CarrierTrackingFile = z.infer<typeof carrierTrackingFileSchema>;

// Written from knowledge without network access — to be checked by an operator (see above).
export const DEFAULT_CARRIER_TRACKING: CarrierTrackingTable = {
  yamato: {
    name: 'ヤマト運輸',
    aliases: ['ヤマト運輸', 'ヤマト', 'クロネコヤマト', 'クロネコ', '宅急便', 'ヤマト便', 'yamato'],
    url: 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01={number}',
  },
  sagawa: {
    name: '佐川急便',
    aliases: ['佐川急便', '佐川', 'サガワ', 'さがわ', 'sagawa'],
    url: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={number}',
  },
  japanpost: {
    name: '日本郵便',
    aliases: [
      '日本郵便',
      'ゆうパック',
      'ユウパック',
      '郵便',
      'ゆうパケット',
      'ゆうメール',
      'japanpost',
    ],
    url: 'https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1={number}&searchKind=S002&locale=ja',
  },
  seino: {
    name: '西濃運輸',
    aliases: ['西濃運輸', '西濃', 'セイノー', 'セイノー運輸', 'カンガルー便', 'seino'],
    url: 'https://track.seino.co.jp/cgi-bin/gnpquery.pgm?GNPNO1={number}',
  },
  fukuyama: {
    name: '福山通運',
    aliases: ['福山通運', '福山', 'フクヤマ', '福通', 'fukuyama'],
    url: 'https://corp.fukutsu.co.jp/situation/tracking_no_hunt/{number}',
  },
  // Check: the page name was recalled, not looked up.
  meitetsu: {
    name: '名鉄運輸',
    aliases: ['名鉄運輸', '名鉄', 'メイテツ', 'meitetsu'],
    url: 'https://ap.meitetsuunyu.co.jp/webtrace/webtsuiseki/webtsuiseki.aspx?no={number}',
  },
  tonami: {
    name: 'トナミ運輸',
    aliases: ['トナミ運輸', 'トナミ', '砺波運輸', 'tonami'],
    url: 'https://trc1.tonami.co.jp/trc/search3/excSearch3?id[0]={number}',
  },
  daiichi: {
    name: '第一貨物',
    aliases: ['第一貨物', 'ダイイチ貨物', 'ダイイチ', 'daiichi'],
    // The least certain of the templates: check it first.
    url: 'https://www.daiichi-kamotsu.co.jp/search/?no={number}',
  },
};

/** The built-in table with an override file applied (ids replaced, added or removed with null). */
export function mergeCarrierTracking(
  base: CarrierTrackingTable,
  file: CarrierTrackingFile,
): CarrierTrackingTable {
  const merged: CarrierTrackingTable = { ...base };
  for (const [id, entry] of Object.entries(file.carriers)) {
    if (entry === null) delete merged[id];
    else merged[id] = entry;
  }
  return merged;
}

const COMPANY_WORDS = /株式会社|\(株\)|有限会社|\(有\)|合同会社|\(同\)|㈱|㈲|co\.?,?ltd\.?|inc\.?/g;

/**
 * A carrier name as names are compared: NFKC (full-width letters and digits as ASCII, half-width
 * katakana as full-width, ㈱ as (株)), lower case, without spaces, middle dots and company words.
 */
export function carrierNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s・･]/g, '')
    .replace(COMPANY_WORDS, '')
    .replace(/[.,、。]/g, '');
}

/** Each table's names and aliases as compared (carrierNameKey) → carrier id, made once per table. */
const keysOfTable = new WeakMap<CarrierTrackingTable, Map<string, string>>();

function keysOf(table: CarrierTrackingTable): Map<string, string> {
  let keys = keysOfTable.get(table);
  if (!keys) {
    keys = new Map();
    for (const [id, entry] of Object.entries(table)) {
      for (const name of [entry.name, ...entry.aliases]) {
        const key = carrierNameKey(name);
        if (key !== '' && !keys.has(key)) keys.set(key, id);
      }
    }
    keysOfTable.set(table, keys);
  }
  return keys;
}

/** The carrier id of a transportation text, or null when no entry's name or alias matches. */
export function findCarrier(table: CarrierTrackingTable, transportation: string): string | null {
  const key = carrierNameKey(transportation);
  if (key === '') return null;
  return keysOf(table).get(key) ?? null;
}

/**
 * A label number as carriers take it: NFKC (full-width digits and letters as ASCII), without
 * hyphens, dashes, spaces; '' when anything but letters and digits remains.
 */
export function cleanLabelNumber(raw: string): string {
  const text = raw
    .normalize('NFKC')
    .replace(/[\s\-‐‑‒–—―−ー－_]/g, '')
    .trim();
  return /^[A-Za-z0-9]{1,40}$/.test(text) ? text : '';
}

/** The tracking page of a line, or null (unknown carrier, or no usable number). */
export function trackingUrl(
  table: CarrierTrackingTable,
  transportation: string | null | undefined,
  labelNumber: string | null | undefined,
): string | null {
  const number = cleanLabelNumber(labelNumber ?? '');
  if (number === '') return null;
  const id = findCarrier(table, transportation ?? '');
  if (id === null) return null;
  return table[id]!.url.replace(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(number));
}
