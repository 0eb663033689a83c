import '@mantine/core/styles/List.layer.css';
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { saveFile } from '../../lib/save-file';
import classes from './backup-codes.module.css';

export const BACKUP_CODE_TEXTS = {
  copy: 'コピー',
  copied: 'コピーしました',
  copyFailed: 'コピーできませんでした。書き写すか、ダウンロードしてください。',
  download: 'ダウンロード',
  print: '印刷',
  fileName: 'backup-codes.txt',
  fileTitle: '2段階認証のバックアップコード（各コードは1回だけ使えます）',
} as const;

/** The codes as the downloaded file holds them: a title line, then one code a line. */
export const backupCodesText = (codes: string[]) =>
  `${BACKUP_CODE_TEXTS.fileTitle}\r\n\r\n${codes.join('\r\n')}\r\n`;

/**
 * The ten backup codes, shown once after an enrolment, with the ways to keep them: copied, saved
 * as a text file, or printed (the codes alone, not the screen).
 */
export function BackupCodesList({ codes }: { codes: string[] }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyCodes = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      setCopy('failed');
      return;
    }
    clipboard.writeText(codes.join('\n')).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };
  return (
    <Alert color="orange" variant="light" title="バックアップコード" className={classes.printable}>
      <Text size="sm" mb="sm">
        スマートフォンを紛失したときなど、認証アプリを使えないときに確認コードの代わりに入力できます。各コードは1回だけ使えます。
        <strong>この画面を閉じると二度と表示されません。</strong>
        印刷するか、ダウンロードして安全な場所に保管してください。
      </Text>
      <List
        listStyleType="none"
        spacing={4}
        styles={{ root: { columns: 2, fontFamily: 'monospace', fontSize: '1rem' } }}
        aria-label="バックアップコード一覧"
      >
        {codes.map((code) => (
          <List.Item key={code} data-testid="backup-code">
            {code}
          </List.Item>
        ))}
      </List>
      <Group gap="xs" mt="md" className={classes.noPrint}>
        <Button
          size="compact-md"
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden="true" />}
          onClick={copyCodes}
        >
          {copy === 'copied' ? BACKUP_CODE_TEXTS.copied : BACKUP_CODE_TEXTS.copy}
        </Button>
        <Button
          size="compact-md"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={() =>
            saveFile(
              new Blob([backupCodesText(codes)], { type: 'text/plain;charset=utf-8' }),
              BACKUP_CODE_TEXTS.fileName,
            )
          }
        >
          {BACKUP_CODE_TEXTS.download}
        </Button>
        <Button
          size="compact-md"
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden="true" />}
          onClick={() => window.print()}
        >
          {BACKUP_CODE_TEXTS.print}
        </Button>
      </Group>
      {copy === 'failed' && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {BACKUP_CODE_TEXTS.copyFailed}
        </Text>
      )}
    </Alert>
  );
}
