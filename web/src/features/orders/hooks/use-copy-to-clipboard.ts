import { useCallback, useEffect, useRef, useState } from 'react';

/** The old way, for pages served without a secure context (no navigator.clipboard). */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies text and reports `copied` for confirmMs (docs/product.md §2: about 1.5 s on a desktop, 2 s on a
 * phone).
 */
export function useCopyToClipboard(confirmMs: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      let ok = false;
      try {
        if (!navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(text);
        ok = true;
      } catch {
        ok = copyWithSelection(text);
      }
      if (!ok) return;
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), confirmMs);
    },
    [confirmMs],
  );

  return { copied, copy };
}
