import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPage } from '../../domain/api/documents';
import { bearer, signIn } from './helpers/auth';
import { createInvoice, invoiceCsv } from './helpers/invoice-factory';
import { createBacklogItem, createLedgerItem, ledgerCsv } from './helpers/ledger-factory';
import { createTestApp, type TestApp } from './helpers/test-app';

// The documents of one delivery (GET /api/v1/documents?delivery_no=…): what the order line's
// detail links to — the invoices whose delivery numbers include the line's, and the shipping
// notices and delivery slips its lines name — only among the customers the caller may see.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    seed: { ledgerLinesPerCustomer: 0 },
    env: { RATE_LIMIT_IP_PER_MINUTE: '100000' },
  });
  for (const who of ['staff', 'user', 'other']) {
    tokens[who] = (await signIn(t.app, `${who}@example.com`)).token;
  }
  const lines = [
    createLedgerItem({
      delivery_no: 'DN-L-0001',
      shipped_file_name: '出荷案内_DN-L-0001.pdf',
      delivery_file_name: '納品書_DN-L-0001.pdf',
    }),
    // A second line of the same delivery names the same files: one document each.
    createLedgerItem({
      delivery_no: 'DN-L-0001',
      delivery_line_no: 2,
      shipped_file_name: '出荷案内_DN-L-0001.pdf',
      delivery_file_name: '納品書_DN-L-0001.pdf',
    }),
    createLedgerItem({ delivery_no: 'DN-L-0002', shipped_file_name: '出荷案内_DN-L-0002.pdf' }),
    createLedgerItem({
      customer_code: 20001,
      delivery_no: 'DN-L-0003',
      shipped_file_name: '出荷案内_DN-L-0003.pdf',
    }),
    createBacklogItem(),
  ];
  const ledger = await t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/import-ledger',
    payload: ledgerCsv(lines),
    headers: { ...bearer(tokens.staff!), 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(ledger.statusCode, ledger.body).toBe(200);
  const invoices = await t.app.inject({
    method: 'POST',
    url: '/api/v1/spec/import-invoices',
    payload: invoiceCsv([
      createInvoice({ invoice_no: 'INV-L-0001', delivery_nos: 'DN-L-0009|DN-L-0001' }),
      createInvoice({ invoice_no: 'INV-L-0002', delivery_nos: 'DN-L-0009' }),
      createInvoice({
        invoice_no: 'INV-L-0003',
        customer_code: '20001',
        delivery_nos: 'DN-L-0003',
      }),
    ]),
    headers: { ...bearer(tokens.staff!), 'content-type': 'text/csv; charset=utf-8' },
  });
  expect(invoices.statusCode, invoices.body).toBe(200);
});
afterAll(async () => t?.close());

const get = (who: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/documents', query, headers: bearer(tokens[who]!) });
const found = async (who: string, query: Record<string, string>) => {
  const res = await get(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DocumentPage).items.map((i) => `${i.type} ${i.doc_no}`).sort();
};

describe('the documents of one delivery', () => {
  it('are the invoice that covers it and the shipping notice and delivery slip of its lines', async () => {
    expect(await found('user', { delivery_no: 'DN-L-0001' })).toEqual([
      'delivery_slip DN-L-0001',
      'invoice INV-L-0001',
      'shipping_notice DN-L-0001',
    ]);
    // Typed with full-width letters and small letters, as a person may: the same delivery.
    expect(await found('user', { delivery_no: 'ｄｎ－Ｌ－０００１' })).toHaveLength(3);
    // With the other filters as ever: the invoice alone.
    expect(await found('user', { delivery_no: 'DN-L-0001', type: 'invoice' })).toEqual([
      'invoice INV-L-0001',
    ]);
  });

  it('has no invoice while no invoice names the delivery', async () => {
    expect(await found('user', { delivery_no: 'DN-L-0002' })).toEqual([
      'shipping_notice DN-L-0002',
    ]);
    expect(await found('user', { delivery_no: 'DN-L-0404' })).toEqual([]);
  });

  it('are never another customer’s, whatever number is asked for', async () => {
    expect(await found('user', { delivery_no: 'DN-L-0003' })).toEqual([]);
    expect(
      (await get('user', { delivery_no: 'DN-L-0003', customer_code: '20001' })).statusCode,
    ).toBe(403);
    expect(await found('other', { delivery_no: 'DN-L-0001' })).toEqual([]);
    expect(await found('other', { delivery_no: 'DN-L-0003' })).toEqual([
      'invoice INV-L-0003',
      'shipping_notice DN-L-0003',
    ]);
    expect(await found('staff', { delivery_no: 'DN-L-0003', customer_code: '20001' })).toEqual([
      'invoice INV-L-0003',
      'shipping_notice DN-L-0003',
    ]);
  });

  it('a number too long gets a Japanese 400', async () => {
    const res = await get('user', { delivery_no: 'D'.repeat(65) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });
});
