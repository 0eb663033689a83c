import {
  DOCUMENT_FILE_FIELD,
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  type DocumentType,
} from '@domain/api/order-documents';
import { LEDGER_PRICE_TAX_LABEL } from '@domain/constants';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconMessageQuestion } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { PhrasedText } from '../../../components/text/phrased-text';
import type { OrderLine } from '../api/search-ledger-items';
import { formatDate, formatQuantity, formatYen } from '../utils/format';
import { POPUP_BLOCKER_HINT } from '../utils/order-messages';
import { LineRegister } from './line-register';
import classes from './orders.module.css';
import { ShippingLabel } from './shipping-label';
import { StatusBadge } from './status-badge';

function Field({
  label,
  children,
  span = 'half',
  numeric = false,
}: {
  label: string;
  children: ReactNode;
  span?: 'full' | 'half' | 'third';
  numeric?: boolean;
}) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={classes.field} data-span={span} data-numeric={numeric || undefined}>
      <dt>{label}</dt>
      <dd>{empty ? <span className={classes.none}>—</span> : children}</dd>
    </div>
  );
}

/** Why a document's button is greyed out: the line names no file of it yet. */
export const notIssuedText = (type: DocumentType) =>
  `${DOCUMENT_LABELS[type]}はまだ発行されていません`;

/**
 * A document the line has no file of: greyed out, yet it can be hovered, focused and tapped, so
 * that it says why (a disabled button gets no hover, focus or tap). aria-disabled keeps it named
 * as unavailable; the reason is its description.
 */
function NotIssuedButton({ type }: { type: DocumentType }) {
  const reasonId = useId();
  const reason = notIssuedText(type);
  const [shown, setShown] = useState(false);
  return (
    <>
      {/* Shown while hovered or focused, and after a tap until the next (a phone has no hover).
          Positioned by CSS, not Mantine's Tooltip, whose floating-ui code would join the orders
          screen's first load (decision 013, size budgets). */}
      <span className={classes.notIssued}>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          // A mouse's hover only: a tap also sends enter and leave, and the leave would close
          // what the tap opened (it closes when the focus moves on).
          onPointerEnter={(event) => event.pointerType === 'mouse' && setShown(true)}
          onPointerLeave={(event) => event.pointerType === 'mouse' && setShown(false)}
          onFocus={() => setShown(true)}
          onBlur={() => setShown(false)}
          // Escape hides it while the focus stays (WCAG 1.4.13, dismissible).
          onKeyDown={(event) => event.key === 'Escape' && setShown(false)}
          onClick={(event) => {
            event.preventDefault();
            setShown(true);
          }}
        >
          {DOCUMENT_LABELS[type]}
        </Button>
        {shown && (
          <span role="tooltip" className={classes.notIssuedTip}>
            {reason}
          </span>
        )}
      </span>
      {/* Outside the button, so that its name stays the document's. */}
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}

/**
 * docs/product.md §2 Detail panel rows: every field of one order line, the label number with its copy
 * button and tracking link (ShippingLabel), and the three documents' download buttons (disabled
 * when the line has no such file).
 */
export function OrderDetail({
  line,
  copyConfirmMs,
  onDownload,
  downloading,
  showPopupHint,
}: {
  line: OrderLine;
  copyConfirmMs: number;
  onDownload: (type: DocumentType) => void;
  /** The document being fetched, if any. */
  downloading: DocumentType | null;
  showPopupHint: boolean;
}) {
  const expected = formatDate(line.expected_delivery_date);

  return (
    <Stack gap="md">
      <Group gap="sm">
        <StatusBadge status={line.status} />
        <Text size="sm" c="dimmed">
          受注番号 {line.sale_order_no}-{line.sale_order_line_no}
        </Text>
      </Group>
      <dl className={classes.detail}>
        <Field label="担当者">
          {line.contact_person && <PhrasedText text={line.contact_person} />}
        </Field>
        <Field label="受注日">{formatDate(line.sale_order_date)}</Field>
        <Field label="物件名" span="full">
          {line.property_name && <PhrasedText text={line.property_name} />}
        </Field>
        <Field label="品番">
          <span className={classes.itemNo}>{line.item_name}</span>
        </Field>
        <Field label="型式">{line.model_name && <PhrasedText text={line.model_name} />}</Field>
        <Field label="数量" span="third" numeric>
          {formatQuantity(line.quantity)}
        </Field>
        <Field label={`単価（${LEDGER_PRICE_TAX_LABEL}）`} span="third" numeric>
          {formatYen(line.unit_price)}
        </Field>
        <Field label={`金額（${LEDGER_PRICE_TAX_LABEL}）`} span="third" numeric>
          {formatYen(line.amount)}
        </Field>
        <Field label="納品先" span="full">
          <PhrasedText text={line.destination_name1} />
          {line.destination_name2 && (
            <>
              <br />
              <PhrasedText text={line.destination_name2} />
            </>
          )}
        </Field>
        <Field label="納品先住所" span="full">
          {line.destination_address && <PhrasedText text={line.destination_address} />}
        </Field>
        <Field label="出荷日">{formatDate(line.shipped_date)}</Field>
        <Field label="納品予定日">
          {expected || line.delivery_request
            ? `${expected}${line.delivery_request ? `（${line.delivery_request}）` : ''}`
            : ''}
        </Field>
        <Field label="運送会社">{line.transportation}</Field>
        <Field label="送り状番号">
          {line.shipping_label_number && (
            <ShippingLabel line={line} copyConfirmMs={copyConfirmMs} />
          )}
        </Field>
      </dl>
      <Stack gap={6}>
        <Text size="sm" fw={700}>
          書類のダウンロード
        </Text>
        <Group gap="xs" grow>
          {DOCUMENT_TYPES.map((type) =>
            line[DOCUMENT_FILE_FIELD[type]] === '' ? (
              <NotIssuedButton key={type} type={type} />
            ) : (
              <Button
                key={type}
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
                disabled={downloading !== null && downloading !== type}
                loading={downloading === type}
                onClick={() => onDownload(type)}
              >
                {DOCUMENT_LABELS[type]}
              </Button>
            ),
          )}
        </Group>
        {showPopupHint && (
          <Text size="xs" c="dimmed">
            {POPUP_BLOCKER_HINT}
          </Text>
        )}
      </Stack>
      <LineRegister line={line} />
      {/* The form lives on the inquiries screen (decision 032), loaded only when asked for. */}
      <Button
        component={Link}
        variant="outline"
        leftSection={<IconMessageQuestion size={16} aria-hidden="true" />}
        to={`/inquiries/new?line=${encodeURIComponent(
          `${line.sale_order_no}/${line.sale_order_line_no}/${line.delivery_no}/${line.delivery_line_no}`,
        )}`}
      >
        この注文について問い合わせる
      </Button>
    </Stack>
  );
}
