import type { DocumentListItem } from '@domain/api/documents';
import { DOCUMENT_TYPE_KEYS, DOCUMENT_TYPES, type DocumentType } from '@domain/documents';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLineDocuments } from '../api/line-documents';
import type { OrderLine } from '../api/search-ledger-items';
import { formatDate } from '../utils/format';
import classes from './line-register.module.css';

export const NO_INVOICE_TEXT = 'この明細の請求書はまだ登録されていません';

/** The documents screen filtered to one of the line's documents: its delivery and its kind. */
const registerLink = (line: OrderLine, item: DocumentListItem) =>
  `${paths.documents.path}?${new URLSearchParams({
    customer: String(line.customer_code),
    delivery: line.delivery_no,
    type: item.type,
  })}`;

/**
 * The line's entries in the documents register (docs/decisions/030): each of its documents with
 * its version and 再発行 mark, linked to 帳票一覧 filtered to it, and a word when no invoice covers
 * the line yet.
 */
export function LineRegister({ line }: { line: OrderLine }) {
  const documents = useLineDocuments(line);
  const items = [...(documents.data?.items ?? [])].sort(
    // The register's order of kinds: the invoice, the shipping notice, the delivery slip.
    (a, b) =>
      DOCUMENT_TYPE_KEYS.indexOf(a.type as DocumentType) -
      DOCUMENT_TYPE_KEYS.indexOf(b.type as DocumentType),
  );
  const hasInvoice = items.some((item) => item.type === 'invoice');
  return (
    <Stack gap={6} component="section" aria-label="帳票一覧の記録">
      <Text size="sm" fw={700}>
        帳票一覧の記録
      </Text>
      {documents.isError ? (
        <Text size="sm" role="alert">
          帳票の記録を読み込めませんでした。時間をおいて再度お試しください。
        </Text>
      ) : line.delivery_no !== '' && documents.isPending ? (
        <Text size="sm" c="dimmed">
          読み込み中…
        </Text>
      ) : (
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.id}>
              <Anchor component={Link} to={registerLink(line, item)} size="sm">
                {DOCUMENT_TYPES[item.type as DocumentType]} {item.doc_no}
              </Anchor>
              <Text span size="sm" c="dimmed">
                {' '}
                {formatDate(item.doc_date)}
                {item.version !== null && ` 第${item.version}版`}
              </Text>
              {item.reissued_on && (
                <Badge color="orange" variant="light" size="sm" ml={6}>
                  再発行 {formatDate(item.reissued_on)}
                </Badge>
              )}
            </li>
          ))}
          {!hasInvoice && (
            <li>
              <Text size="sm">{NO_INVOICE_TEXT}</Text>
            </li>
          )}
        </ul>
      )}
    </Stack>
  );
}
