import type { Database } from '../../db/client';
import { turnOffShipmentMail as turnOffRow } from '../repositories/shipment-notifications-repository';

/**
 * Turns one user row's shipment mails off, from the signed unsubscribe link (docs/decisions/014):
 * the link's valid signature is the only permission, checked by the route. Whether the row exists.
 */
export async function turnOffShipmentMail(
  deps: { db: Pick<Database, 'update'> },
  input: { userId: number },
): Promise<boolean> {
  return turnOffRow(deps.db, input.userId);
}
