import { type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './header-tooltip.module.css';

/**
 * A header icon's name shown below it on hover and keyboard focus. CSS, not Mantine's Tooltip:
 * that one brings the floating-ui positioning code (15 KB gzip) into every signed-in screen's
 * first load (decision 013, size budgets). The label is for the eye only (aria-hidden): the icon
 * carries the same words as its accessible name. Escape hides it until the pointer or the focus
 * leaves (WCAG 1.4.13, dismissible).
 */
export function HeaderTooltip({ label, children }: { label: string; children: ReactNode }) {
  const wrap = useRef<HTMLSpanElement>(null);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const element = wrap.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    const reset = () => setDismissed(false);
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('mouseleave', reset);
    element.addEventListener('focusout', reset);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('mouseleave', reset);
      element.removeEventListener('focusout', reset);
    };
  }, []);
  return (
    <span ref={wrap} className={classes.wrap} data-dismissed={dismissed || undefined}>
      {children}
      <span className={classes.tip} aria-hidden="true">
        {label}
      </span>
    </span>
  );
}
