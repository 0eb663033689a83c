import { Button, Group, Stack, Text } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react';
import { paths } from '../../config/paths';
import { useBlocker } from '../../lib/navigation-blocker';
import { setPageHasUnsavedChanges } from '../../lib/unsaved-changes-state';
import { DialogModal } from '../feedback/dialog-modal';

export const UNSAVED_CHANGES_TEXT =
  '登録していない変更があります。このページを離れると変更は失われます。';

const ReportUnsaved = createContext<(key: string, dirty: boolean) => void>(() => {});

/**
 * Asks before leaving a page whose rows hold changes not yet registered (a menu entry, the back
 * button), and lets the browser ask on a reload or a closed tab. One per page (a router takes one
 * blocker at a time); the editors inside report through useReportUnsaved. Signing out is not
 * held up: it is the person's own choice, or the hour of inactivity.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((key: string, dirty: boolean) => {
    setDirtyKeys((current) => {
      if (current.has(key) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const dirty = dirtyKeys.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      nextLocation.pathname !== currentLocation.pathname &&
      nextLocation.pathname !== paths.login.path,
  );
  useEffect(() => {
    setPageHasUnsavedChanges(dirty);
    return () => setPageHasUnsavedChanges(false);
  }, [dirty]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <ReportUnsaved.Provider value={report}>
      {children}
      <DialogModal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="変更が登録されていません"
        centered
      >
        <Stack gap="md">
          <Text>{UNSAVED_CHANGES_TEXT}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              このページに留まる
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              変更を破棄して移動
            </Button>
          </Group>
        </Stack>
      </DialogModal>
    </ReportUnsaved.Provider>
  );
}

/** Tells the page's guard whether this editor holds changes not yet registered. */
export function useReportUnsaved(dirty: boolean): void {
  const report = useContext(ReportUnsaved);
  const key = useId();
  useEffect(() => {
    report(key, dirty);
    return () => report(key, false);
  }, [report, key, dirty]);
}
