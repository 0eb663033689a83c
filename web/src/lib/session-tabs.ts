// The portal's tabs in one browser share one identity session (one cookie) while each keeps its
// own stored session (sessionStorage, so that closing the last tab ends it: docs/product.md §4, logged out on
// page unload). They talk over a BroadcastChannel (same origin only): a tab that starts without a
// stored session asks whether a signed-in tab is open and takes its session instead of ending the
// identity session under it; a sign-out in one tab ends the others' too.

const CHANNEL_NAME = 'customer-portal-session';

/** How long a new tab waits for an open tab's answer (an open tab answers within milliseconds). */
export const ASK_OTHER_TABS_MS = 250;

type TabMessage =
  | { type: 'ask' }
  | { type: 'answer'; session: unknown }
  | { type: 'signedOut' }
  // A tab's page was hidden for good (decision 034): the others say on the server they are open.
  | { type: 'leaving' }
  // Someone is active in a tab: the others' hour without activity starts again.
  | { type: 'active' };

/** Whether this browser lets tabs talk; without it a new tab cannot find an open one. */
export const tabsCanTalk = () => typeof BroadcastChannel !== 'undefined';

function openChannel(): BroadcastChannel | null {
  return tabsCanTalk() ? new BroadcastChannel(CHANNEL_NAME) : null;
}

/**
 * This page's name on the channel. A channel hears every other channel of its name, this page's
 * own too: without it a tab took its own messages for another tab's (its own report of activity,
 * sent on a timer, closed its own inactivity warning as if the person were active elsewhere).
 */
const THIS_TAB = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function post(channel: BroadcastChannel, message: TabMessage): void {
  channel.postMessage({ ...message, from: THIS_TAB });
}

/** Another tab's message; null for this tab's own, or for anything that is not a message. */
function messageOf(data: unknown): TabMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if ((data as { from?: unknown }).from === THIS_TAB) return null;
  return data as TabMessage;
}

/**
 * The stored session of another open tab that is signed in, as it sent it (the caller checks it),
 * or null when no tab answers in time.
 */
export function askOtherTabs(timeoutMs = ASK_OTHER_TABS_MS): Promise<unknown> {
  const channel = openChannel();
  if (!channel) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (session: unknown) => {
      clearTimeout(timer);
      channel.close();
      resolve(session);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    channel.onmessage = (event: MessageEvent) => {
      const message = messageOf(event.data);
      if (message?.type === 'answer') done(message.session);
    };
    post(channel, { type: 'ask' });
  });
}

/**
 * While this tab is open: answers other tabs' questions with `session()` (null: this tab has none
 * to give) and calls `onSignedOut` when another tab signs out. Returns the way to stop listening.
 */
export function listenToOtherTabs({
  session,
  onSignedOut,
  onLeaving,
  onActive,
}: {
  session: () => unknown;
  onSignedOut: () => void;
  onLeaving?: () => void;
  onActive?: () => void;
}): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent) => {
    const message = messageOf(event.data);
    if (message?.type === 'signedOut') onSignedOut();
    if (message?.type === 'leaving') onLeaving?.();
    if (message?.type === 'active') onActive?.();
    if (message?.type !== 'ask') return;
    const answer = session();
    if (answer !== null) post(channel, { type: 'answer', session: answer });
  };
  return () => channel.close();
}

/** Tells the other open tabs that the identity session has ended. */
export function tellOtherTabsSignedOut(): void {
  tellOtherTabs({ type: 'signedOut' });
}

/** Tells the other open tabs that this page leaves, or that someone is active here. */
export function tellOtherTabs(message: TabMessage): void {
  const channel = openChannel();
  if (!channel) return;
  post(channel, message);
  channel.close();
}
