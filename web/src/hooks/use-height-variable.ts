import { useCallback } from 'react';

/**
 * A callback ref that keeps its element's border-box height in a CSS custom property on that
 * element's parent, for siblings that stick below it (`top: calc(… + var(--name))`). Updated by a
 * ResizeObserver, so a bar that wraps onto a second line moves what sticks below it.
 */
export function useHeightVariable<T extends HTMLElement>(name: `--${string}`) {
  return useCallback(
    (element: T | null) => {
      const parent = element?.parentElement;
      if (!element || !parent) return;
      const write = () => parent.style.setProperty(name, `${element.offsetHeight}px`);
      write();
      const observer = new ResizeObserver(write);
      observer.observe(element);
      return () => {
        observer.disconnect();
        parent.style.removeProperty(name);
      };
    },
    [name],
  );
}
