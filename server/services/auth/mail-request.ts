import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderAnswer, RequestCaller } from './sign-in-deps';
import { mailOfForm } from './sign-in-rules';

/**
 * A mail request (reset, verification) answers no sooner than this after it arrived, whether the
 * address has an account or not, so that its time tells nothing (docs/decisions/008).
 */
export const MAIL_REQUEST_ANSWER_MS = 500;

/**
 * Reset and verification mails: limited per client address and per mail like a sign-in. The mail
 * goes to the outbox and is delivered by its worker, retried while the mail server is away
 * (docs/decisions/014): the answer is the same for every address whether the mail server answers
 * or not, and waits for a fixed floor, so that neither its status nor its time tells which
 * addresses have an account.
 */
export async function mailRequest(
  caller: RequestCaller,
  email: unknown,
  send: (mail: string) => Promise<Response>,
): Promise<ProviderAnswer> {
  const started = performance.now();
  const mail = mailOfForm(email);
  await caller.limit(mail);
  const response = await send(mail);
  const wait = MAIL_REQUEST_ANSWER_MS - (performance.now() - started);
  if (wait > 0) await sleep(wait);
  return { response };
}
