import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_MEDIA_QUERY } from '../config/layout';
import { theme } from './theme';

describe('DESKTOP_MEDIA_QUERY', () => {
  it("is the theme's sm breakpoint, where Mantine's hiddenFrom/visibleFrom switch", () => {
    const { breakpoints } = mergeMantineTheme(DEFAULT_THEME, theme);
    expect(DESKTOP_MEDIA_QUERY).toBe(`(min-width: ${breakpoints.sm})`);
  });
});
