import type { DocumentSort } from '@domain/api/documents';

/** The documents screen's filters, sort and page, as the URL holds them (a reload keeps them). */
export interface DocumentSearch {
  /** Staff's chosen customer ('' until chosen); others search their own customer. */
  customer: string;
  type: string;
  dateFrom: string;
  dateTo: string;
  amountMin: string;
  amountMax: string;
  docNo: string;
  /** 納品番号: the documents of one delivery (an order line's detail links here with it). */
  deliveryNo: string;
  notDownloaded: boolean;
  sort: DocumentSort;
  order: 'asc' | 'desc';
  page: number;
}

export const EMPTY_DOCUMENT_FILTERS = {
  type: '',
  dateFrom: '',
  dateTo: '',
  amountMin: '',
  amountMax: '',
  docNo: '',
  deliveryNo: '',
  notDownloaded: false,
} as const;

const SORTS: readonly DocumentSort[] = ['date', 'amount', 'number'];

export function readDocumentSearch(params: URLSearchParams): DocumentSearch {
  const page = Number(params.get('page') ?? '1');
  const sort = params.get('sort') as DocumentSort | null;
  return {
    customer: params.get('customer') ?? '',
    type: params.get('type') ?? '',
    dateFrom: params.get('from') ?? '',
    dateTo: params.get('to') ?? '',
    amountMin: params.get('min') ?? '',
    amountMax: params.get('max') ?? '',
    docNo: params.get('no') ?? '',
    deliveryNo: params.get('delivery') ?? '',
    notDownloaded: params.get('undownloaded') === '1',
    sort: sort && SORTS.includes(sort) ? sort : 'date',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The URL's search string of a search (defaults left out). */
export function documentSearchParams(search: DocumentSearch): URLSearchParams {
  const entries: [string, string][] = [
    ['customer', search.customer],
    ['type', search.type],
    ['from', search.dateFrom],
    ['to', search.dateTo],
    ['min', search.amountMin.trim()],
    ['max', search.amountMax.trim()],
    ['no', search.docNo.trim()],
    ['delivery', search.deliveryNo.trim()],
    ['undownloaded', search.notDownloaded ? '1' : ''],
    ['sort', search.sort === 'date' ? '' : search.sort],
    ['order', search.order === 'desc' ? '' : search.order],
    ['page', search.page > 1 ? String(search.page) : ''],
  ];
  return new URLSearchParams(entries.filter(([, v]) => v !== ''));
}

/** The API's filter parameters of a search, for one customer (empty ones left out). */
export function documentFilterQuery(
  search: DocumentSearch,
  customerCode: number,
): Record<string, string> {
  const query: Record<string, string> = {
    customer_code: String(customerCode),
    type: search.type,
    date_from: search.dateFrom,
    date_to: search.dateTo,
    amount_min: search.amountMin.trim().replace(/,/g, ''),
    amount_max: search.amountMax.trim().replace(/,/g, ''),
    doc_no: search.docNo.trim(),
    delivery_no: search.deliveryNo.trim(),
    not_downloaded: search.notDownloaded ? 'true' : '',
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
}

const AMOUNT = /^-?\d{1,14}$/;

/** The problems of a draft, by field, in the words the screen shows (the server checks again). */
export function documentFilterProblems(
  draft: DocumentSearch,
): Partial<Record<'dateFrom' | 'amountMin' | 'amountMax', string>> {
  const problems: Partial<Record<'dateFrom' | 'amountMin' | 'amountMax', string>> = {};
  if (draft.dateFrom && draft.dateTo && draft.dateFrom > draft.dateTo) {
    problems.dateFrom = '取引年月日の開始は終了より前の日付にしてください。';
  }
  const min = draft.amountMin.trim().replace(/,/g, '');
  const max = draft.amountMax.trim().replace(/,/g, '');
  if (min && !AMOUNT.test(min)) problems.amountMin = '金額は円単位の整数で入力してください。';
  if (max && !AMOUNT.test(max)) problems.amountMax = '金額は円単位の整数で入力してください。';
  if (!problems.amountMin && !problems.amountMax && min && max && Number(min) > Number(max)) {
    problems.amountMin = '金額の下限は上限以下にしてください。';
  }
  return problems;
}
