import type { DocumentListItem } from '@domain/api/documents';
import { DOCUMENT_TYPES, type DocumentType, REISSUE_MARK } from '@domain/documents';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DialogModal } from '../../../components/feedback/dialog-modal';
import { useDocumentVersions } from '../api/document-versions';

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
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">版</Table.Th>
                <Table.Th scope="col">登録日時</Table.Th>
                <Table.Th scope="col">金額</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>ダウンロード</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...versions.data.versions].reverse().map((v) => (
                <Table.Tr key={v.version}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm">第{v.version}版</Text>
                      {v.reissued && (
                        <Badge color="orange.9" variant="light" radius="sm">
                          {REISSUE_MARK}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{japanDateTime(v.archived_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{yen(v.amount)}</Text>
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
