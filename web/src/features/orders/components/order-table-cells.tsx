import type { LedgerSortField } from '@domain/ledger-search';
import { Group } from '@mantine/core';
import { PhrasedText } from '../../../components/text/phrased-text';
import type { OrderLine } from '../api/search-ledger-items';
import { formatDate, formatQuantity } from '../utils/format';
import { OpenInquiryMark } from './open-inquiry-mark';
import classes from './orders.module.css';
import { StatusBadge } from './status-badge';

const dateOrNone = (date: string | null) =>
  date ? formatDate(date) : <span className={classes.none}>—</span>;

/**
 * One field of a row. `second`: it stands below another field in the same column, in the
 * lighter line; alone in its column (the other one hidden) it reads as a first line.
 */
export function OrderField({
  line,
  field,
  second,
}: {
  line: OrderLine;
  field: LedgerSortField;
  second: boolean;
}) {
  const under = second ? classes.secondLine : '';
  switch (field) {
    case 'status':
      return (
        <Group gap={4} wrap="nowrap">
          <StatusBadge status={line.status} />
          {line.open_inquiry && <OpenInquiryMark />}
        </Group>
      );
    case 'sale_order_no':
      return <div className={`${classes.itemNo} ${under}`}>{line.sale_order_no}</div>;
    case 'sale_order_date':
    case 'shipped_date':
    case 'expected_delivery_date':
      return <div className={under}>{dateOrNone(line[field])}</div>;
    case 'property_name':
    case 'destination_name1':
      return (
        <div className={`${classes.clamp} ${under}`} title={line[field]}>
          <PhrasedText text={line[field]} />
        </div>
      );
    case 'item_name':
      return (
        <div className={`${classes.clamp} ${classes.itemNo} ${under}`} title={line.item_name}>
          {line.item_name}
        </div>
      );
    case 'model_name':
      // One line with an ellipsis, left as text: a <wbr> would break it even under nowrap.
      return (
        <div className={`${classes.oneLine} ${under}`} title={line.model_name}>
          {line.model_name}
        </div>
      );
    case 'quantity':
      return <>{formatQuantity(line.quantity)}</>;
  }
}

/** Fields whose cell never wraps: numbers, dates and the quantity. */
export const NOWRAP_FIELDS: readonly LedgerSortField[] = [
  'sale_order_no',
  'sale_order_date',
  'shipped_date',
  'expected_delivery_date',
  'quantity',
];
