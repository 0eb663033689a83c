import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True from Mantine's `sm` breakpoint (48em = 768px) up; below it the phone layout applies. Read
 * synchronously on the first render so a phone never flashes the desktop layout.
 */
export function useIsDesktop(): boolean {
  const { breakpoints } = useMantineTheme();
  return useMediaQuery(`(min-width: ${breakpoints.sm})`, undefined, {
    getInitialValueInEffect: false,
  });
}
