import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useHasBeenTrue } from '../../hooks/use-has-been-true';

// The modal's code (focus trap, scroll lock, portal, transitions) loads when a dialog first opens,
// not with the screens that may show one (decision 013, size budgets).
const Modal = lazy(async () => ({ default: (await import('./modal')).Modal }));

/**
 * Remembers the elements focused last while this dialog is closed and, once it has closed, gives
 * the focus back to the latest of them still on the page (if it is enabled), when the focus was
 * left on the page's body. Mantine's own return goes to what had the focus when the dialog opened: the body,
 * when the button that started the work was disabled while it ran (a download's spinner), so the
 * keyboard would start again at the top. (After a confirmation the latest is the confirming
 * button, gone with its dialog; the one before it started it all.)
 */
function useFocusAfterClose(opened: boolean) {
  // What has the focus as the dialog first renders counts too: it was focused while the dialog was
  // not open, also when the dialog mounts already open (its screen loads its dialogs when needed).
  const [focusedAtMount] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? [document.activeElement]
      : [],
  );
  const recent = useRef<HTMLElement[]>(focusedAtMount);
  useEffect(() => {
    if (opened) return;
    const remember = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      recent.current = [...recent.current.filter((e) => e !== event.target), event.target].slice(
        -5,
      );
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, [opened]);
  return useCallback(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (!focusLost) return;
    // The latest still on the page, and only if enabled: an older one would be a jump elsewhere.
    const target = recent.current.findLast((e) => e.isConnected);
    if (target && !target.matches(':disabled')) target.focus({ preventScroll: true });
  }, []);
}

/**
 * The portal's dialog: Mantine's Modal that does not leave the keyboard focus on the body. Nothing
 * is rendered (or loaded) until it first opens; from then on it stays, to close with its transition.
 */
export function DialogModal({ onExitTransitionEnd, ...props }: ModalProps) {
  const refocus = useFocusAfterClose(props.opened);
  const used = useHasBeenTrue(props.opened);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Modal
        {...props}
        onExitTransitionEnd={() => {
          // The closed dialog's content (its 閉じる button holds the focus) goes right after this.
          window.setTimeout(refocus);
          onExitTransitionEnd?.();
        }}
      />
    </Suspense>
  );
}
