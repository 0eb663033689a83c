import { useSyncExternalStore } from 'react';

// Whether the page shown holds changes not yet registered (its UnsavedChangesGuard says so), for
// what sits outside the page: the warning before the sign-out for inactivity says they would be
// lost (decision 034).

let unsaved = false;
const listeners = new Set<() => void>();

export function setPageHasUnsavedChanges(value: boolean): void {
  if (unsaved === value) return;
  unsaved = value;
  for (const listener of listeners) listener();
}

/** For tests only: a new test's page starts with nothing unsaved, whatever the last one left. */
export function resetUnsavedChangesForTests(): void {
  unsaved = false;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePageHasUnsavedChanges(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => unsaved,
    () => false,
  );
}
