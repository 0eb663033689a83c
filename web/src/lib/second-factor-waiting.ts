/**
 * This tab holds a session still waiting for the staff's second-factor set-up (it is on the set-up
 * screen). A tab starting without a stored session ends the identity session it finds (a closed
 * tab's, docs/product.md §4); a reload of the set-up screen starts so too, but the waiting session
 * is this tab's own, and ending it would leave the screen's key and code unusable.
 */
const KEY = 'secondFactorWaiting';

export const markSecondFactorWaiting = (waiting: boolean) =>
  waiting ? window.sessionStorage.setItem(KEY, '1') : window.sessionStorage.removeItem(KEY);

export const tabWaitsForSecondFactor = () => window.sessionStorage.getItem(KEY) === '1';
