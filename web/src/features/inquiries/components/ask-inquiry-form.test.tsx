import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../testing/fake-server';
import { renderWithProviders } from '../../../testing/render';
import { AskInquiryForm } from './ask-inquiry-form';

const USER = {
  userInfo: { id: 3, userTypeId: 2, customerCode: 10001, mail: 'user@example.com' },
};
const line = (n: number, item: string, model: string, quantity: number) => ({
  sale_order_no: 'SO000123',
  sale_order_line_no: n,
  delivery_no: '',
  delivery_line_no: 0,
  item_name: item,
  model_name: model,
  quantity,
  status: '受注残',
  expected_delivery_date: null,
});
const ORDER = [
  line(1, 'KW-100', '軒樋 角型', 20),
  line(2, 'KW-200', '集水器', 4),
  line(3, 'KW-300', '竪樋', 12),
];

let created: unknown[];

beforeEach(() => {
  created = [];
  fakeServer.on('GET /api/v1/inquiries/order-lines', ({ query }) =>
    query.get('sale_order_no') === 'SO000123' ? json(200, { lines: ORDER }) : json(403, {}),
  );
  fakeServer.on('POST /api/v1/inquiries', ({ body }) => {
    created.push(body);
    return json(201, { id: 7 });
  });
});

const open = () =>
  renderWithProviders(<AskInquiryForm />, {
    session: USER,
    path: `/inquiries/new?line=${encodeURIComponent('SO000123/2//0')}`,
  });

describe('the inquiry form names lines of one order', () => {
  it("lists the order's lines with 品番, 型式 and 数量, the line the person came from checked", async () => {
    open();
    const group = await screen.findByRole('group', { name: /対象の明細/ });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    expect(group.textContent).toContain('明細 1・品番 KW-100・型式 軒樋 角型・数量 20');
    expect(
      (screen.getByRole('checkbox', { name: /明細 2・品番 KW-200/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: /明細 1・品番 KW-100/ }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: /明細 3・品番 KW-300/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('sends every line checked, the added one included, and none unchecked', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: /明細 3・品番 KW-300/ }));
    await user.type(
      screen.getByRole('textbox', { name: /内容/ }),
      '2つの明細の納期を教えてください',
    );
    await user.click(screen.getByRole('button', { name: '送信する' }));
    await expect.poll(() => created.length).toBe(1);
    expect((created[0] as { lines: unknown[] }).lines).toEqual([
      { sale_order_no: 'SO000123', sale_order_line_no: 2, delivery_no: '', delivery_line_no: 0 },
      { sale_order_no: 'SO000123', sale_order_line_no: 3, delivery_no: '', delivery_line_no: 0 },
    ]);
  });

  it('says to choose a line, and sends nothing, when every line is unchecked', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: /明細 2・品番 KW-200/ }));
    await user.type(screen.getByRole('textbox', { name: /内容/ }), '納期を教えてください');
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByText('問い合わせる明細を選んでください。')).toBeTruthy();
    expect(created).toEqual([]);
  });
});
