import { useMediaQuery } from '@mantine/hooks';
import { DESKTOP_MEDIA_QUERY } from '../config/layout';

/**
 * True from Mantine's `sm` breakpoint (48em = 768px) up; below it the phone layout applies. Read
 * synchronously on the first render so a phone never flashes the desktop layout.
 */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_MEDIA_QUERY, undefined, { getInitialValueInEffect: false });
}
