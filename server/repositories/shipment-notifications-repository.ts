import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  customers,
  ledgerItems,
  shipmentNotificationLines,
  shipmentNotifications,
  users,
} from '../../db/schema';

// Shipment notifications (docs/decisions/014): the lines of a customer an import turned shipped,
// the users who are told, the line markers that keep a line from being told twice.

type Writer = Pick<Database, 'insert' | 'update' | 'delete' | 'select' | 'execute'>;

/**
 * A notification of the customer's lines among `lineIds` that were never notified; null when
 * every one of them was (re-imported, or shipped → backlog → shipped). Runs in the import's
 * transaction: imports run one at a time, so no other one marks the same lines meanwhile.
 */
export async function createShipmentNotification(
  tx: Writer,
  customerCode: number,
  lineIds: readonly number[],
): Promise<{ id: number; lineCount: number } | null> {
  const [created] = await tx
    .insert(shipmentNotifications)
    .values({ customer_code: customerCode, line_count: 0 })
    .returning({ id: shipmentNotifications.id });
  const id = created!.id;
  const result = await tx.execute(sql`
    insert into ${shipmentNotificationLines} (ledger_item_id, notification_id)
    select value::bigint, ${id}::bigint from json_array_elements_text(${JSON.stringify(lineIds)}::json)
    on conflict (ledger_item_id) do nothing
    returning ledger_item_id`);
  // node-postgres and PGlite both answer with { rows }.
  const lineCount = (result as unknown as { rows: unknown[] }).rows.length;
  if (lineCount === 0) {
    await tx.delete(shipmentNotifications).where(eq(shipmentNotifications.id, id));
    return null;
  }
  await tx
    .update(shipmentNotifications)
    .set({ line_count: lineCount })
    .where(eq(shipmentNotifications.id, id));
  return { id, lineCount };
}

/** A customer's name, or undefined. */
export async function customerNameOf(
  db: Pick<Database, 'select'>,
  customerCode: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: customers.customer_name })
    .from(customers)
    .where(eq(customers.customer_code, customerCode));
  return row?.name;
}

/** The users of a customer who get shipment mails: not deleted, notifications on. */
export async function shipmentMailRecipients(db: Pick<Database, 'select'>, customerCode: number) {
  return db
    .select({ id: users.id, mail: users.mail, userName: users.user_name })
    .from(users)
    .where(
      and(
        eq(users.customer_code, customerCode),
        eq(users.delete_flag, false),
        eq(users.shipment_mail, true),
      ),
    )
    .orderBy(asc(users.id));
}

/** The first `limit` lines of a notification as its mail lists them (shipped date, order). */
export async function shipmentNotificationLinesOf(
  db: Pick<Database, 'select'>,
  notificationId: number,
  limit: number,
) {
  return db
    .select({
      property_name: ledgerItems.property_name,
      item_name: ledgerItems.item_name,
      model_name: ledgerItems.model_name,
      quantity: ledgerItems.quantity,
      shipped_date: ledgerItems.shipped_date,
      expected_delivery_date: ledgerItems.expected_delivery_date,
      transportation: ledgerItems.transportation,
      shipping_label_number: ledgerItems.shipping_label_number,
      sale_order_no: ledgerItems.sale_order_no,
    })
    .from(shipmentNotificationLines)
    .innerJoin(ledgerItems, eq(ledgerItems.id, shipmentNotificationLines.ledger_item_id))
    .where(eq(shipmentNotificationLines.notification_id, notificationId))
    .orderBy(
      sql`${ledgerItems.shipped_date} asc nulls last`,
      asc(ledgerItems.sale_order_no),
      asc(ledgerItems.sale_order_line_no),
      asc(ledgerItems.delivery_no),
      asc(ledgerItems.delivery_line_no),
    )
    .limit(limit);
}

export type ShipmentMailLine = Awaited<ReturnType<typeof shipmentNotificationLinesOf>>[number];

/** The customer a notification is of, or undefined when there is no such notification. */
export async function customerOfShipmentNotification(
  db: Pick<Database, 'select'>,
  notificationId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ customerCode: shipmentNotifications.customer_code })
    .from(shipmentNotifications)
    .where(eq(shipmentNotifications.id, notificationId));
  return row?.customerCode;
}

/** Turns shipment mails off for one user row; whether the row exists. */
export async function turnOffShipmentMail(
  db: Pick<Database, 'update'>,
  userId: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ shipment_mail: false, updated_at: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
