import {
  IconFileFilled,
  IconFileTypePdf,
  IconFileTypeXls,
  IconFileTypeZip,
  IconFolderFilled,
  type TablerIcon,
} from '@tabler/icons-react';
import type { FileKind } from '../utils/file-kind';

const ICONS: Record<FileKind, { Icon: TablerIcon; color: string }> = {
  folder: { Icon: IconFolderFilled, color: 'var(--mantine-color-yellow-5)' },
  zip: { Icon: IconFileTypeZip, color: 'var(--mantine-color-violet-6)' },
  pdf: { Icon: IconFileTypePdf, color: 'var(--mantine-color-red-7)' },
  xlsx: { Icon: IconFileTypeXls, color: 'var(--mantine-color-green-8)' },
  other: { Icon: IconFileFilled, color: 'var(--mantine-color-gray-5)' },
};

/** The coloured icon of a folder or file; decorative, the tile's name says what it is. */
export function FileKindIcon({ kind, size }: { kind: FileKind; size: number }) {
  const { Icon, color } = ICONS[kind];
  return <Icon size={size} color={color} stroke={1.6} aria-hidden="true" />;
}
