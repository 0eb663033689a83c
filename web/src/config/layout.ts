/**
 * Where the desktop layout starts: Mantine's `sm` breakpoint (48em = 768px; the theme keeps
 * Mantine's breakpoints). Below it the phone layout applies (docs/product.md §9).
 */
export const DESKTOP_MEDIA_QUERY = '(min-width: 48em)';
