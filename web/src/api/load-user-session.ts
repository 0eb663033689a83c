import { loginUserId } from '../lib/api-client';
import { HttpError } from '../lib/http';
import type { SignedInData } from '../lib/session';
import { convertCustomerToCorporationCode } from './convert-customer-to-corporation-code';
import { getCorporationName } from './get-corporation-name';
import { getCustomerCodeList } from './get-customer-code-list';
import { getCustomerName } from './get-customer-name';
import { getUserById, toUserInfo } from './get-user-by-id';

/**
 * docs/product.md §4 Login flow 4 and 5: the user record of the chosen customer code, the corporation code,
 * the corporation's customer list, and the customer and corporation names the header shows.
 */
export async function loadUserSession({
  identityUid,
  customerCode,
  customerCodeList,
}: {
  identityUid: string;
  customerCode: number;
  customerCodeList: number[];
}): Promise<SignedInData> {
  const [record] = await getUserById({ firebaseUid: identityUid, customerCode });
  if (!record) throw new HttpError(0, 'USER_NOT_FOUND');
  // The server answers 409 for a deleted row; should a row still come back flagged, it is deleted too.
  if (record.delete_flag) throw new HttpError(409, 'ACCOUNT_DELETED');
  const userInfo = toUserInfo(record);
  const user = loginUserId(userInfo.id);

  const [customerName, corporateCode] = await Promise.all([
    getCustomerName({ customerCode, loginUserId: user }),
    convertCustomerToCorporationCode({ customerCode, loginUserId: user }),
  ]);
  const [corporationName, corporationCustomers] = await Promise.all([
    getCorporationName({ corporateCode, loginUserId: user }),
    getCustomerCodeList({ corporateCode, loginUserId: user }),
  ]);
  return {
    identityUid,
    userInfo,
    customerCodeList,
    customerName,
    corporationName,
    corporationCustomers,
  };
}
