import { createTheme, Drawer, type MantineColorsTuple, Modal } from '@mantine/core';

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

const japaneseFontStack = [
  '"Hiragino Kaku Gothic ProN"',
  '"Hiragino Sans"',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  'Meiryo',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  colors: { brand },
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
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'ダイアログを閉じる' } },
    }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': '閉じる' } } }),
  },
});
