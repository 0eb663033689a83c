import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep steel navy of the maker's brand; shade 8 is the primary colour. */
const brand: MantineColorsTuple = [
  '#edf2f9',
  '#d9e2ef',
  '#b0c3de',
  '#85a2cc',
  '#6186bd',
  '#4a74b3',
  '#3e6aaf',
  '#30599a',
  '#284f8a',
  '#16325c',
];

// Mantine's gray, red, orange and teal with their darker shades made darker still (same hues), so
// that text in them reads at WCAG AA (4.5:1) on white and on their own light tints: dimmed text and
// descriptions (gray 6), placeholders shown as text (gray 5), error messages (red 6), the filled
// 受注残 and 出荷済 badges (orange 7, teal 8). One place for the whole app (docs/decisions/013).
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#6f777f',
  '#5f6770',
  '#495057',
  '#343a40',
  '#212529',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#d12b2b',
  '#cc2a2a',
  '#c92a2a',
  '#a61e1e',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#bf4a0c',
  '#b8430b',
  '#a83c0a',
  '#963509',
];
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#0b7a5c',
  '#0a7356',
  '#08704f',
  '#065f43',
];

const japaneseFontStack = [
  '"Hiragino Kaku Gothic ProN"',
  '"Hiragino Sans"',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  'Meiryo',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  colors: { brand, gray, red, orange, teal },
  primaryColor: 'brand',
  primaryShade: 8,
  black: '#1b2230',
  fontFamily: japaneseFontStack,
  headings: { fontFamily: japaneseFontStack, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // The × of every dialog and panel is read by its name, not as a bare "button".
    // (A dialog's × differs from the 閉じる button many of them have at their foot.)
    // Plain objects, not Modal.extend(): importing Modal and Drawer here would put them (and the
    // floating and scroll-lock code they pull in) into every screen's first load (decision 013).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'ダイアログを閉じる' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': '閉じる' } } },
    // A toast's × too (axe: button-name), while the toast is on screen.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': '通知を閉じる' } } },
  },
});
