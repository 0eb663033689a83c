import type { DocumentListItem } from '@domain/api/documents';
import { DOCUMENT_TYPES, type DocumentType, REISSUE_MARK } from '@domain/documents';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DialogModal } from '../../../components/feedback/dialog-modal';
import { useDocumentVersions } from '../api/document-versions';
import classes from './documents.module.css';

const japanDateTime = (iso: string) =>
  new Date(Date.parse(iso) + 9 * 3_600_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ')
    .replaceAll('-', '/');
const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** A document's archived versions, each downloadable: a re-issue never hides the earlier ones. */
export function VersionHistory({
  item,
  onClose,
  onDownload,
  pendingVersion,
}: {
  item: DocumentListItem | null;
  onClose: () => void;
  onDownload: (item: DocumentListItem, version: number) => void;
  pendingVersion: number | null;
}) {
  const versions = useDocumentVersions(item?.id ?? null);
  const title = item
    ? `${DOCUMENT_TYPES[item.type as DocumentType]} ${item.doc_no} の版の履歴`
    : '';
  return (
    <DialogModal opened={item !== null} onClose={onClose} title={title} size="lg" centered>
      {versions.isPending ? (
        <Group justify="center" p="md">
          <Loader aria-label="読み込み中" />
        </Group>
      ) : versions.isError ? (
        <Alert color="red" role="alert">
          版の履歴を読み込めませんでした。時間をおいて再度お試しください。
        </Alert>
      ) : (
        <Stack gap="sm">
          <Stack gap="xs" component="ul" className={classes.versions} aria-label="版の一覧">
            {[...versions.data.versions].reverse().map((v) => (
              <Paper key={v.version} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <div>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={700}>
                        第{v.version}版
                      </Text>
                      {v.reissued && (
                        <Badge color="red.9" variant="filled" radius="sm">
                          {REISSUE_MARK}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm">
                      登録 {japanDateTime(v.archived_at)}・{yen(v.amount)}
                    </Text>
                  </div>
                  {v.removed ? (
                    <Text size="sm">保存期間経過により削除</Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} aria-hidden="true" />}
                      loading={pendingVersion === v.version}
                      onClick={() => item && onDownload(item, v.version)}
                      aria-label={`第${v.version}版をダウンロード`}
                    >
                      ダウンロード
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              閉じる
            </Button>
          </Group>
        </Stack>
      )}
    </DialogModal>
  );
}
