/** One order line's keys, as the order detail's link names it (`line=order/line/delivery/no`). */
export interface LineKey {
  sale_order_no: string;
  sale_order_line_no: number;
  delivery_no: string;
  delivery_line_no: number;
}

export function lineKeysOf(params: URLSearchParams): LineKey[] {
  return params.getAll('line').flatMap((value) => {
    const [order, line, delivery = '', deliveryLine = '0'] = value.split('/');
    if (!order || !line || Number.isNaN(Number(line))) return [];
    return [
      {
        sale_order_no: order,
        sale_order_line_no: Number(line),
        delivery_no: delivery,
        delivery_line_no: Number(deliveryLine) || 0,
      },
    ];
  });
}

/** One string per line, to compare lines and to key them in a list. */
export const lineKeyText = (l: LineKey) =>
  `${l.sale_order_no}/${l.sale_order_line_no}/${l.delivery_no}/${l.delivery_line_no}`;
