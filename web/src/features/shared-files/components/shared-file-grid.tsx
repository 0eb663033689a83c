import type { SharedFileEntry } from '@domain/api/shared-files';
import { Loader, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link, type To } from 'react-router';
import { PhrasedText } from '../../../components/text/phrased-text';
import { fileKindOf } from '../utils/file-kind';
import { tileNameParts } from '../utils/tile-name';
import { FileKindIcon } from './file-kind-icon';
import classes from './shared-files.module.css';

/**
 * docs/product.md §2 Shared files: the folders and files of one page as icons with their names. A folder is a
 * link (it opens the folder, and can open in a new tab); a file is a button that downloads it.
 */
export function SharedFileGrid({
  entries,
  iconSize,
  folderLink,
  onDownload,
  downloading,
}: {
  entries: SharedFileEntry[];
  iconSize: number;
  folderLink: (folder: string) => To;
  onDownload: (entry: SharedFileEntry) => void;
  /** file_path of the file whose download is starting. */
  downloading: string | null;
}) {
  return (
    <ul className={classes.grid} aria-label="フォルダとファイル">
      {entries.map((entry) => {
        const kind = fileKindOf(entry);
        const busy = downloading === entry.file_path;
        const content = (
          <>
            <span className={classes.tileIcon}>
              {busy ? (
                <Loader size={iconSize * 0.6} aria-hidden="true" />
              ) : (
                <FileKindIcon kind={kind} size={iconSize} />
              )}
            </span>
            <TileName name={entry.file_name} />
          </>
        );
        return (
          <li key={entry.file_path} className={classes.gridItem}>
            {entry.is_dir ? (
              <UnstyledButton
                component={Link}
                to={folderLink(entry.file_path)}
                className={classes.tile}
                title={entry.file_name}
                data-kind={kind}
              >
                {content}
              </UnstyledButton>
            ) : (
              <UnstyledButton
                className={classes.tile}
                title={entry.file_name}
                data-kind={kind}
                aria-busy={busy || undefined}
                onClick={() => {
                  if (!busy) onDownload(entry);
                }}
              >
                {content}
              </UnstyledButton>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A name whole, or a long one's start cut and its end kept on a line of its own (tile-name.ts). */
function TileName({ name }: { name: string }) {
  const parts = tileNameParts(name);
  if (!parts) {
    return (
      <Text component="span" size="sm" className={`${classes.tileName} ${classes.clamped}`}>
        <PhrasedText text={name} />
      </Text>
    );
  }
  return (
    <Text component="span" size="sm" className={`${classes.tileName} ${classes.tileNameLong}`}>
      <span aria-hidden="true" className={`${classes.clamped} ${classes.tileNameHead}`}>
        <PhrasedText text={parts.head} />
      </span>
      <span aria-hidden="true" className={classes.tileNameTail}>
        {parts.tail}
      </span>
      <VisuallyHidden>{name}</VisuallyHidden>
    </Text>
  );
}
