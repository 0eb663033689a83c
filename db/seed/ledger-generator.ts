import { LEDGER_STATUS } from '../../domain/constants';
import { isoDateOfDay } from '../../domain/japan-time';
import type { ledgerItems } from '../schema';
import type { DemoCustomer } from './demo-master-data';
import {
  BUSINESS_NAMES,
  CARRIERS,
  CATALOG,
  type CatalogItem,
  DELIVERY_REQUESTS,
  FACILITIES,
  GIVEN_NAMES,
  ITEM_FAMILIES,
  LOCALITIES,
  type Locality,
  SCHOOLS,
  SURNAMES,
  WAREHOUSE_NAMES,
} from './ledger-vocabulary';
import type { Random } from './random';

/** A complete ledger_items row as inserted (every column but the generated ones). */
export type LedgerRow = Required<
  Omit<typeof ledgerItems.$inferInsert, 'id' | 'created_at' | 'updated_at'>
>;

export type DocumentKind = 'invoice' | 'shippingNotice' | 'deliverySlip';

/** A PDF an order line refers to, stored in the customer's bucket under Spec/<fileName>. */
export interface OrderDocument {
  kind: DocumentKind;
  fileName: string;
  /** The sale order number (invoice) or delivery number (shipping notice, delivery slip). */
  number: string;
  issuedOn: string;
  lineCount: number;
  totalAmount: number;
  /** The carrier's name in Latin letters (the PDF text is ASCII). */
  carrier: string;
  shippingLabelNumber: string;
  /** Deliberately not written to storage (about 3 %), so that downloads report missing files. */
  missing: boolean;
}

export interface GeneratedLedger {
  rows: LedgerRow[];
  documents: OrderDocument[];
}

/** Numbers unique across customers (the line key of ledger_items is global). */
export interface LedgerCounters {
  saleOrder: number;
  delivery: number;
}

export const DOCUMENT_FILE_PREFIX: Record<DocumentKind, string> = {
  invoice: '請求書',
  shippingNotice: '出荷案内',
  deliverySlip: '納品書',
};

const yymm = (day: number) => isoDateOfDay(day).slice(2, 7).replace('-', '');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The core system writes 1900 when it has no real date yet (docs/product.md §4 Orders). */
function placeholderYear(date: string): string {
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `1900-${monthDay}`;
}

interface Site {
  propertyName: string;
  destinationName1: string;
  destinationName2: string;
  address: string;
}

function addressIn(locality: Locality, random: Random): string {
  const town = random.pick(locality.towns);
  return `${locality.prefecture}${locality.city}${town}${random.int(1, 5)}-${random.int(1, 30)}-${random.int(1, 20)}`;
}

function personName(random: Random): string {
  return `${random.pick(SURNAMES)} ${random.pick(GIVEN_NAMES)}`;
}

function makeSite(localities: readonly Locality[], random: Random): Site {
  const locality = random.pick(localities);
  const surname = random.pick(SURNAMES);
  const kind = random.weighted([
    ['house-new', 30],
    ['house-roof', 20],
    ['house-solar', 18],
    ['public-housing', 8],
    ['factory-solar', 10],
    ['apartment', 8],
    ['school', 6],
  ] as const);
  let propertyName: string;
  let siteName: string;
  switch (kind) {
    case 'house-new':
      siteName = `${surname}様邸`;
      propertyName = `${siteName} 新築工事`;
      break;
    case 'house-roof':
      siteName = `${surname}様邸`;
      propertyName = `${siteName} 屋根改修工事`;
      break;
    case 'house-solar':
      siteName = `${surname}様邸`;
      propertyName = `${siteName} 太陽光発電設置工事`;
      break;
    case 'public-housing':
      siteName = `${locality.cityShort}市営住宅 第${random.int(1, 5)}団地`;
      propertyName = `${siteName} 屋根改修`;
      break;
    case 'factory-solar':
      siteName = `${random.pick(BUSINESS_NAMES)} ${random.pick(FACILITIES)}`;
      propertyName = `${siteName} 太陽光発電設備設置工事`;
      break;
    case 'apartment':
      siteName = `(仮称)${random.pick(locality.towns)}${random.int(1, 5)}丁目計画`;
      propertyName = `${siteName} 新築工事`;
      break;
    default:
      siteName = `${locality.cityShort}市立${random.pick(SCHOOLS)}小学校`;
      propertyName = `${siteName} 体育館屋根改修`;
  }
  return {
    propertyName,
    destinationName1: `${siteName} 現場`,
    destinationName2: `現場担当 ${random.pick(SURNAMES)}様`,
    address: addressIn(locality, random),
  };
}

const itemsByFamily = new Map(
  ITEM_FAMILIES.map((name) => [name, CATALOG.filter((item) => item.family === name)]),
);

function orderItems(count: number, random: Random): CatalogItem[] {
  const families = [random.pick(ITEM_FAMILIES), random.pick(ITEM_FAMILIES)];
  const items: CatalogItem[] = [];
  for (let i = 0; i < count; i++) {
    const family = i === 0 || random.chance(0.6) ? families[0]! : families[1]!;
    items.push(random.pick(itemsByFamily.get(family)!));
  }
  return items;
}

function labelNumber(digits: number, random: Random): string {
  let label = String(random.int(1, 9));
  while (label.length < digits) label += String(random.int(0, 9));
  return label;
}

interface OrderPlan {
  lineCount: number;
  backlog: boolean;
  orderDay: number;
  /** Tie-breaker so that sorting by date stays deterministic. */
  index: number;
}

export interface GenerateLedgerOptions {
  customer: DemoCustomer;
  lineCount: number;
  /** Today's date in Japan as a day number (japanDayNumber). */
  today: number;
  random: Random;
  counters: LedgerCounters;
}

/**
 * Order lines of one customer over the last two years: shipped lines (出荷済) with a shipped
 * date up to today and their documents, backlog lines (受注残) mostly expected in the coming
 * months, about 1 % of expected dates in the core system's placeholder year 1900.
 */
export function generateLedger(options: GenerateLedgerOptions): GeneratedLedger {
  const { customer, lineCount, today, random, counters } = options;
  const localities = LOCALITIES[customer.region];
  const sites = Array.from({ length: Math.max(20, Math.ceil(lineCount / 12)) }, () =>
    makeSite(localities, random),
  );
  const warehouse = {
    name1: customer.customer_name,
    name2: random.pick(WAREHOUSE_NAMES),
    address: addressIn(localities[0]!, random),
  };
  const contacts = Array.from({ length: 5 }, () => personName(random));

  const plans: OrderPlan[] = [];
  for (let remaining = lineCount; remaining > 0; ) {
    const lines = Math.min(
      remaining,
      random.weighted([
        [1, 14],
        [2, 16],
        [3, 17],
        [4, 15],
        [5, 13],
        [6, 11],
        [7, 8],
        [8, 6],
      ] as const),
    );
    const backlog = random.chance(0.13);
    // Backlog orders are recent (made-to-order parts, sites not ready yet); shipped ones span two years.
    const orderDay = backlog
      ? today - Math.floor(random.next() ** 2 * 150)
      : today - random.int(0, 729);
    plans.push({ lineCount: lines, backlog, orderDay, index: plans.length });
    remaining -= lines;
  }
  plans.sort((a, b) => a.orderDay - b.orderDay || a.index - b.index);

  const rows: LedgerRow[] = [];
  const documents: OrderDocument[] = [];
  for (const plan of plans) {
    const saleOrderNo = `SO${yymm(plan.orderDay)}-${pad(++counters.saleOrder, 6)}`;
    const site = random.pick(sites);
    const toSite = random.chance(0.65);
    const contact = random.pick(contacts);
    const carrier = random.pick(CARRIERS);
    const deliveryRequest = random.chance(0.2) ? random.pick(DELIVERY_REQUESTS) : null;
    const items = orderItems(plan.lineCount, random);

    // How many leading lines shipped, and in how many deliveries.
    let shippedCount = plan.backlog ? 0 : plan.lineCount;
    if (!plan.backlog && plan.lineCount >= 2 && plan.orderDay > today - 180 && random.chance(0.1)) {
      shippedCount = random.int(1, plan.lineCount - 1); // partly shipped: the rest is backlog
    }
    const firstShipDay = Math.min(plan.orderDay + random.int(1, 21), today);
    const splitAt =
      shippedCount >= 3 && random.chance(0.12) ? random.int(1, shippedCount - 1) : shippedCount;
    const deliveries = [
      { from: 0, to: splitAt, shipDay: firstShipDay },
      {
        from: splitAt,
        to: shippedCount,
        shipDay: Math.min(firstShipDay + random.int(2, 14), today),
      },
    ]
      .filter((d) => d.to > d.from)
      .map((d) => ({
        ...d,
        deliveryNo: `DN${yymm(d.shipDay)}-${pad(++counters.delivery, 6)}`,
        label: labelNumber(carrier.labelDigits, random),
        expectedDay: d.shipDay + random.int(1, 3),
      }));

    const orderRows: LedgerRow[] = items.map((item, i) => {
      const quantity = random.int(item.minQuantity, item.maxQuantity);
      const delivery = deliveries.find((d) => i >= d.from && i < d.to);
      let expected: string | null;
      if (delivery) {
        expected = isoDateOfDay(delivery.expectedDay);
      } else {
        const r = random.next();
        if (r < 0.85) expected = isoDateOfDay(today + random.int(1, 120));
        else if (r < 0.95 && plan.orderDay + 7 < today)
          expected = isoDateOfDay(random.int(plan.orderDay + 7, today - 1)); // overdue
        else expected = r < 0.95 ? isoDateOfDay(today + random.int(1, 30)) : null;
      }
      if (expected && random.chance(0.01)) expected = placeholderYear(expected);
      return {
        customer_code: customer.customer_code,
        status: delivery ? LEDGER_STATUS.shipped : LEDGER_STATUS.backlog,
        sale_order_no: saleOrderNo,
        sale_order_line_no: i + 1,
        delivery_no: delivery?.deliveryNo ?? '',
        delivery_line_no: delivery ? i - delivery.from + 1 : 0,
        sale_order_date: isoDateOfDay(plan.orderDay),
        shipped_date: delivery ? isoDateOfDay(delivery.shipDay) : null,
        expected_delivery_date: expected,
        delivery_request: deliveryRequest,
        property_name: site.propertyName,
        item_name: item.itemName,
        model_name: item.modelName,
        quantity,
        unit_price: item.unitPrice,
        amount: quantity * item.unitPrice,
        destination_name1: toSite ? site.destinationName1 : warehouse.name1,
        destination_name2: toSite ? site.destinationName2 : warehouse.name2,
        destination_address: toSite ? site.address : warehouse.address,
        contact_person: contact,
        transportation: delivery || random.chance(0.5) ? carrier.name : '',
        shipping_label_number: delivery?.label ?? '',
        invoice_file_name: '',
        shipped_file_name: '',
        delivery_file_name: '',
      };
    });

    const documentOf = (
      kind: DocumentKind,
      number: string,
      day: number,
      lines: LedgerRow[],
      label = '',
    ): OrderDocument => {
      const document: OrderDocument = {
        kind,
        fileName: `${DOCUMENT_FILE_PREFIX[kind]}_${number}.pdf`,
        number,
        issuedOn: isoDateOfDay(day),
        lineCount: lines.length,
        totalAmount: lines.reduce((sum, row) => sum + row.amount, 0),
        carrier: carrier.latinName,
        shippingLabelNumber: label,
        missing: random.chance(0.03),
      };
      documents.push(document);
      return document;
    };

    // One invoice per sale order once something shipped; the partly shipped order's backlog
    // lines refer to it too.
    if (deliveries.length > 0 && random.chance(0.93)) {
      const invoice = documentOf('invoice', saleOrderNo, deliveries[0]!.shipDay, orderRows);
      for (const row of orderRows) row.invoice_file_name = invoice.fileName;
    }
    for (const delivery of deliveries) {
      const lines = orderRows.slice(delivery.from, delivery.to);
      const kinds: [DocumentKind, 'shipped_file_name' | 'delivery_file_name', number][] = [
        ['shippingNotice', 'shipped_file_name', 0.95],
        ['deliverySlip', 'delivery_file_name', 0.9],
      ];
      for (const [kind, column, probability] of kinds) {
        if (!random.chance(probability)) continue;
        const document = documentOf(
          kind,
          delivery.deliveryNo,
          delivery.shipDay,
          lines,
          delivery.label,
        );
        for (const row of lines) row[column] = document.fileName;
      }
    }
    rows.push(...orderRows);
  }

  // Small seeds still need one missing file for the download caution to be testable.
  if (documents.length > 0 && !documents.some((d) => d.missing)) {
    random.pick(documents).missing = true;
  }
  return { rows, documents };
}

/** The ASCII text of an order document's PDF (PDF base fonts have no Japanese glyphs). */
export function documentPdfLines(document: OrderDocument, customerCode: number): string[] {
  const heading = {
    invoice: 'INVOICE',
    shippingNotice: 'SHIPPING NOTICE',
    deliverySlip: 'DELIVERY SLIP',
  }[document.kind];
  const lines = [
    `${heading}  No. ${document.number}`,
    `Customer code: ${customerCode}`,
    `Date: ${document.issuedOn}`,
    `Lines: ${document.lineCount}`,
    `Total amount: JPY ${document.totalAmount.toLocaleString('en-US')}`,
  ];
  if (document.kind !== 'invoice') {
    lines.push(`Carrier: ${document.carrier}`, `Shipping label: ${document.shippingLabelNumber}`);
  }
  lines.push('Minato Metal Industry Co., Ltd. - demo document');
  return lines;
}
