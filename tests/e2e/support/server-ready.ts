/** Whether the address answers 2xx; false while nothing listens there yet. */
const answersOk = (url: string) =>
  fetch(url).then(
    (answer) => answer.ok,
    () => false,
  );

/**
 * Waits for the e2e server at `base` to answer /readyz. Fails with `failure` once `deadline` (a
 * time in ms) has passed, or at once when `stopped()` says the server's process has ended.
 */
export async function waitUntilReady(
  base: string,
  deadline: number,
  failure: string,
  stopped: () => boolean = () => false,
): Promise<void> {
  const readyz = new URL('/readyz', base).href;
  while (!(await answersOk(readyz))) {
    if (stopped() || Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
