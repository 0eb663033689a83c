import { GENERAL_USER_TYPE_ID, STAFF_CUSTOMER_CODE, STAFF_USER_TYPE_ID } from './constants';

/** docs/product.md §1: staff are customer code 99999 together with user type 3. */
export function isStaff(user: { customerCode: number; userTypeId: number }): boolean {
  return user.customerCode === STAFF_CUSTOMER_CODE && user.userTypeId === STAFF_USER_TYPE_ID;
}

/** docs/product.md §6: every type other than 2 (general) and 3 (staff) is a corporate administrator. */
export function isCorporateAdmin(userTypeId: number): boolean {
  return userTypeId !== GENERAL_USER_TYPE_ID && userTypeId !== STAFF_USER_TYPE_ID;
}

/** docs/product.md §2 route class "restricted": fully signed in and user type not 2. */
export function canOpenManagers(userTypeId: number): boolean {
  return userTypeId !== GENERAL_USER_TYPE_ID;
}

/** docs/product.md §2 route class "staff-only": user type 3. */
export function canEditTop(userTypeId: number): boolean {
  return userTypeId === STAFF_USER_TYPE_ID;
}
