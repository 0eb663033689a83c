import {
  type CarrierTrackingTable,
  carrierTrackingTableSchema,
  DEFAULT_CARRIER_TRACKING,
  trackingUrl,
} from '@domain/carrier-tracking';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useAppConfig } from '../../../lib/app-config';
import type { OrderLine } from '../api/search-ledger-items';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { COPIED_MESSAGE, TRACKING_LINK_LABEL, TRACKING_LINK_NAME } from '../utils/order-messages';
import classes from './orders.module.css';
import linkClasses from './shipping-label.module.css';

const checkedTables = new WeakMap<object, CarrierTrackingTable>();

/**
 * The server's table when it passes the table's rules (https templates with {number} once), else
 * the built-in one. The first load checks only the configuration's shape (lib/app-config.tsx).
 */
function trackingTableOf(table: CarrierTrackingTable | undefined): CarrierTrackingTable {
  if (!table) return DEFAULT_CARRIER_TRACKING;
  let checked = checkedTables.get(table);
  if (!checked) {
    const parsed = carrierTrackingTableSchema.safeParse(table);
    checked = parsed.success ? parsed.data : DEFAULT_CARRIER_TRACKING;
    checkedTables.set(table, checked);
  }
  return checked;
}

/**
 * The carrier's tracking page of a line, or null (an unknown carrier or no usable number). Built
 * only from the table's template (domain/carrier-tracking.ts), never from ledger text: the
 * server's table (CARRIER_TRACKING_FILE applied) when its page carries one, else the built-in one.
 */
export function useTrackingUrl(line: Pick<OrderLine, 'transportation' | 'shipping_label_number'>) {
  // Typed apart from AppConfig: a server older than the tracking links sends no table.
  const { carrierTracking }: { carrierTracking?: CarrierTrackingTable } = useAppConfig();
  return trackingUrl(
    trackingTableOf(carrierTracking),
    line.transportation,
    line.shipping_label_number,
  );
}

/**
 * docs/product.md §2 Detail panel rows: the shipping label number with its copy button (a
 * "copied!" message for `copyConfirmMs`) and, for a known carrier, a link to its tracking page
 * in a new tab.
 */
export function ShippingLabel({ line, copyConfirmMs }: { line: OrderLine; copyConfirmMs: number }) {
  const { copied, copy } = useCopyToClipboard(copyConfirmMs);
  const tracking = useTrackingUrl(line);
  if (!line.shipping_label_number) return null;
  return (
    <Group gap={6} wrap="wrap">
      <span className={classes.labelNo}>{line.shipping_label_number}</span>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={
          copied ? (
            <IconCheck size={12} aria-hidden="true" />
          ) : (
            <IconCopy size={12} aria-hidden="true" />
          )
        }
        aria-label="送り状番号をコピー"
        onClick={() => void copy(line.shipping_label_number)}
      >
        コピー
      </Button>
      {tracking && (
        <Anchor
          href={tracking}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={700}
          className={linkClasses.trackingLink}
          aria-label={TRACKING_LINK_NAME}
        >
          {TRACKING_LINK_LABEL}
          <IconExternalLink size={14} aria-hidden="true" />
        </Anchor>
      )}
      <Text
        role="status"
        size="xs"
        c="teal.8"
        fw={700}
        className={classes.copied}
        data-shown={copied || undefined}
      >
        {copied ? COPIED_MESSAGE : ''}
      </Text>
    </Group>
  );
}
