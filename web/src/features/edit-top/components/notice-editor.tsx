import type { Notice } from '@domain/api/top-content';
import { noticeProblems } from '@domain/top-content';
import { useCallback } from 'react';
import { textColumn } from '../../../components/edit-rows/edit-columns';
import { useAppConfig } from '../../../lib/app-config';
import { useAddNotice } from '../api/add-notice';
import { useDeleteNotice } from '../api/delete-notice';
import { useEditorNotices } from '../api/get-notices';
import { useUpdateNotice } from '../api/update-notice';
import { ContentEditorSection } from './content-editor-section';

type NoticeValues = { title: string; url: string };

const EMPTY_NOTICE: NoticeValues = { title: '', url: '' };
const toValues = (notice: Notice): NoticeValues => ({ title: notice.title, url: notice.url });
const trimmed = (values: NoticeValues) => ({ title: values.title.trim(), url: values.url.trim() });

const COLUMNS = [
  textColumn<NoticeValues>('title', 'タイトル', { width: '45%' }),
  textColumn<NoticeValues>('url', 'リンク先URL', { type: 'url', placeholder: 'https://' }),
];

/** docs/product.md §2 Edit top page: the notice table (title, destination URL). */
export function NoticeEditor() {
  const { urlPrefixes } = useAppConfig();
  const notices = useEditorNotices();
  const add = useAddNotice();
  const update = useUpdateNotice();
  const remove = useDeleteNotice();
  const validate = useCallback(
    (values: NoticeValues) => noticeProblems(values, urlPrefixes),
    [urlPrefixes],
  );

  return (
    <ContentEditorSection<Notice, NoticeValues>
      heading="お知らせ"
      description="トップページの「PICK UP!」に表示されます。"
      list={notices}
      emptyValues={EMPTY_NOTICE}
      toValues={toValues}
      validate={validate}
      columns={COLUMNS}
      nameOf={(values) => values.title}
      newRowLabel="新規のお知らせ"
      emptyMessage="お知らせはありません。"
      save={(id, values) =>
        id === null
          ? add.mutateAsync(trimmed(values))
          : update.mutateAsync({ id, input: trimmed(values) })
      }
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}
