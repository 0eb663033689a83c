import {
  addNoticeBodySchema,
  noticeSchema,
  updateNoticeBodySchema,
} from '../../../../../domain/api/top-content';
import { notices } from '../../../../services/top-content-service';
import { topContentRoutes } from '../top-content';

/** /notice/get-notice, add-notice, update-notice, delete-notice. */
export const noticeRoutes = topContentRoutes({
  name: 'notice',
  label: 'お知らせ',
  listOrder: '表示日の新しい順',
  item: noticeSchema,
  addBody: addNoticeBodySchema,
  updateBody: updateNoticeBodySchema,
  useCases: notices,
});
