import type { Region } from './demo-master-data';

// Words the demo order lines are made of: the maker's catalogue, sites, people, carriers.

export interface CatalogItem {
  /** The item number (品番), upper case. */
  itemName: string;
  modelName: string;
  unitPrice: number;
  minQuantity: number;
  maxQuantity: number;
  /** Items of one family tend to be ordered together. */
  family: string;
}

const COLORS: Record<string, string> = {
  BK: 'ブラック',
  SV: 'シルバー',
  BR: 'ブラウン',
  WH: 'ホワイト',
  GL: 'ガルバリウム',
  SGL: 'エスジーエル',
  ZAM: 'ZAM鋼板',
  AL: 'アルミ',
  ST: 'スチール',
};

function family(
  name: string,
  models: readonly (readonly [model: string, suffixes: readonly string[], price: number])[],
  label: (model: string, finish: string) => string,
  quantity: readonly [number, number],
): CatalogItem[] {
  return models.flatMap(([model, suffixes, price]) =>
    suffixes.map((suffix, index) => ({
      itemName: `${model}-${suffix}`,
      modelName: label(model, COLORS[suffix] ?? suffix),
      unitPrice: price + index * Math.round(price * 0.04),
      minQuantity: quantity[0],
      maxQuantity: quantity[1],
      family: name,
    })),
  );
}

/** A few dozen item numbers sharing prefixes (KR-10…, SR-200…) so that prefix search matters. */
export const CATALOG: readonly CatalogItem[] = [
  ...family(
    'KR',
    [
      ['KR-1020', ['BK', 'SV', 'BR'], 420],
      ['KR-1030', ['BK', 'SV'], 480],
      ['KR-2040', ['BK', 'SV'], 650],
    ],
    (model, finish) => `屋根用取付金具 ${model} (${finish})`,
    [20, 400],
  ),
  ...family(
    'SR',
    [
      ['SR-200', ['GL', 'ZAM'], 12800],
      ['SR-300', ['GL', 'ZAM'], 16500],
    ],
    (model, finish) => `太陽光架台 ${model} (${finish})`,
    [2, 60],
  ),
  ...family(
    'SPM',
    [
      ['SPM-450', ['AL', 'ST'], 2450],
      ['SPM-600', ['AL', 'ST'], 3280],
    ],
    (model, finish) => `パネル取付レール ${model} (${finish})`,
    [10, 200],
  ),
  ...family(
    'CL',
    [
      ['CL-30', ['AL'], 180],
      ['CL-35', ['AL', 'BK'], 198],
      ['CL-40', ['AL'], 215],
    ],
    (model, finish) => `中間クランプ ${model} (${finish})`,
    [40, 800],
  ),
  ...family(
    'RF',
    [
      ['RF-100', ['GL', 'SGL'], 2280],
      ['RF-150', ['GL'], 2960],
    ],
    (model, finish) => `棟包み板金 ${model} (${finish}鋼板)`,
    [5, 120],
  ),
  ...family(
    'GT',
    [
      ['GT-75', ['WH', 'BK'], 3350],
      ['GT-105', ['WH', 'SV'], 4620],
    ],
    (model, finish) => `角樋 ${model} 3.6m (${finish})`,
    [2, 60],
  ),
  ...family(
    'SN',
    [
      ['SN-10', ['BK', 'SV'], 158],
      ['SN-20', ['BK'], 236],
    ],
    (model, finish) => `雪止め金具 ${model} (${finish})`,
    [50, 600],
  ),
  ...family(
    'FL',
    [
      ['FL-200', ['GL'], 1880],
      ['FL-300', ['GL'], 2540],
    ],
    (model, finish) => `水切り板金 ${model} (${finish}鋼板)`,
    [5, 100],
  ),
  ...family(
    'BT',
    [
      ['BT-M8', ['25', '40'], 46],
      ['BT-M10', ['40'], 72],
    ],
    (model, length) => `六角ボルトセット ${model.slice(3)}×${length} (ステンレス)`,
    [100, 2000],
  ),
];

export const ITEM_FAMILIES: readonly string[] = [...new Set(CATALOG.map((item) => item.family))];

export const SURNAMES = [
  '山田',
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山本',
  '松本',
  '井上',
  '木村',
  '林',
  '清水',
  '山崎',
  '森',
  '池田',
  '橋本',
  '阿部',
  '石川',
  '前田',
  '藤田',
  '岡田',
  '後藤',
  '長谷川',
  '村上',
  '近藤',
] as const;

export const GIVEN_NAMES = [
  '一郎',
  '健太',
  '大輔',
  '翔',
  '誠',
  '浩二',
  '美咲',
  '由美',
  '直子',
  '恵',
  '拓也',
  '亮',
] as const;

export interface Locality {
  prefecture: string;
  /** City (and ward) as written in an address. */
  city: string;
  /** The short city name used in property names (八王子 → 八王子市営住宅). */
  cityShort: string;
  towns: readonly string[];
}

export const LOCALITIES: Record<Region, readonly Locality[]> = {
  kanto: [
    {
      prefecture: '東京都',
      city: '八王子市',
      cityShort: '八王子',
      towns: ['明神町', '旭町', '南大沢'],
    },
    {
      prefecture: '東京都',
      city: '世田谷区',
      cityShort: '世田谷',
      towns: ['桜新町', '用賀', '三軒茶屋'],
    },
    {
      prefecture: '神奈川県',
      city: '横浜市港北区',
      cityShort: '横浜',
      towns: ['新横浜', '日吉', '綱島西'],
    },
    {
      prefecture: '神奈川県',
      city: '相模原市中央区',
      cityShort: '相模原',
      towns: ['相模原', '淵野辺'],
    },
    {
      prefecture: '埼玉県',
      city: 'さいたま市浦和区',
      cityShort: 'さいたま',
      towns: ['高砂', '常盤'],
    },
    {
      prefecture: '千葉県',
      city: '船橋市',
      cityShort: '船橋',
      towns: ['本町', '前原西', '習志野台'],
    },
  ],
  kansai: [
    {
      prefecture: '大阪府',
      city: '大阪市北区',
      cityShort: '大阪',
      towns: ['梅田', '天満', '中崎'],
    },
    { prefecture: '大阪府', city: '堺市堺区', cityShort: '堺', towns: ['南瓦町', '大浜北町'] },
    { prefecture: '兵庫県', city: '神戸市中央区', cityShort: '神戸', towns: ['三宮町', '元町通'] },
    { prefecture: '京都府', city: '京都市伏見区', cityShort: '京都', towns: ['竹田', '深草'] },
    { prefecture: '奈良県', city: '奈良市', cityShort: '奈良', towns: ['三条町', '大宮町'] },
  ],
  'hokkaido-tohoku': [
    {
      prefecture: '北海道',
      city: '札幌市中央区',
      cityShort: '札幌',
      towns: ['北一条西', '大通西', '南三条西'],
    },
    { prefecture: '北海道', city: '旭川市', cityShort: '旭川', towns: ['宮下通', '神楽'] },
    { prefecture: '宮城県', city: '仙台市青葉区', cityShort: '仙台', towns: ['一番町', '国分町'] },
    { prefecture: '青森県', city: '青森市', cityShort: '青森', towns: ['新町', '古川'] },
  ],
  kyushu: [
    {
      prefecture: '福岡県',
      city: '福岡市博多区',
      cityShort: '福岡',
      towns: ['博多駅前', '住吉', '山王'],
    },
    { prefecture: '熊本県', city: '熊本市中央区', cityShort: '熊本', towns: ['水前寺', '新屋敷'] },
    { prefecture: '鹿児島県', city: '鹿児島市', cityShort: '鹿児島', towns: ['中央町', '天文館'] },
    { prefecture: '大分県', city: '大分市', cityShort: '大分', towns: ['府内町', '中央町'] },
  ],
  chubu: [
    { prefecture: '愛知県', city: '名古屋市中村区', cityShort: '名古屋', towns: ['名駅', '則武'] },
    { prefecture: '静岡県', city: '浜松市中央区', cityShort: '浜松', towns: ['砂山町', '田町'] },
    { prefecture: '岐阜県', city: '岐阜市', cityShort: '岐阜', towns: ['金町', '長住町'] },
    { prefecture: '長野県', city: '松本市', cityShort: '松本', towns: ['中央', '深志'] },
  ],
};

export const BUSINESS_NAMES = [
  '丸栄物流',
  '東邦精機',
  '大和食品',
  'ひかり化成',
  '富士見運輸',
  '三協製作所',
  '中央ロジテック',
  '昭和工業',
  '青葉製菓',
  '新星電子',
] as const;

export const FACILITIES = [
  '物流センター',
  '第二工場',
  '本社工場',
  '配送センター',
  '倉庫棟',
] as const;

export const SCHOOLS = [
  '東',
  '西',
  '南',
  '北',
  '中央',
  '第一',
  '第三',
  'みどり',
  'さくら',
] as const;

export const CARRIERS = [
  { name: 'ヤマト運輸', latinName: 'Yamato Transport', labelDigits: 12 },
  { name: '佐川急便', latinName: 'Sagawa Express', labelDigits: 12 },
  { name: '西濃運輸', latinName: 'Seino Transportation', labelDigits: 10 },
  { name: '福山通運', latinName: 'Fukuyama Transporting', labelDigits: 10 },
] as const;

export const DELIVERY_REQUESTS = [
  '午前着指定',
  '午前着指定',
  '時間指定 14-16時',
  '現場直送・荷降ろし要',
  '土曜日着不可',
  '到着前に要連絡',
  'ユニック車指定',
  '営業所止め',
] as const;

export const WAREHOUSE_NAMES = ['資材センター', '第一倉庫', '資材置場', '本社倉庫'] as const;
