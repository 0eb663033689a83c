/**
 * A test whose title ends in `@desktop-only` runs in the desktop project only: it checks what the
 * phone's layout does not change — the server's answers, permissions, downloads, the address,
 * sign-in and session rules — and at phone size it would only repeat the desktop's run. A test
 * that touches the phone's layout, its menu, cards, dialogs as laid out there or touch targets
 * stays at both sizes: tag a test only when nothing it checks differs on a phone.
 */
export const DESKTOP_ONLY_TAG = /@desktop-only/;
