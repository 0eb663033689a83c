import { COPY_CONFIRM_DESKTOP_MS, COPY_CONFIRM_PHONE_MS } from '@domain/constants';
import { Drawer, Modal } from '@mantine/core';
import type { OrdersPageState } from '../hooks/use-orders-page';
import { OrderDetail } from './order-detail';

const DETAIL_TITLE = '注文明細の詳細';

/** docs/product.md §2: the detail panel on a desktop, a detail modal on a phone. */
export function OrderDetailPanel({ page }: { page: OrdersPageState }) {
  const { isDesktop, detail, detailOpened, closeDetail, downloads } = page;
  const opened = detailOpened && detail !== null;
  const content = detail && (
    <OrderDetail
      line={detail}
      copyConfirmMs={isDesktop ? COPY_CONFIRM_DESKTOP_MS : COPY_CONFIRM_PHONE_MS}
      onDownload={(type) => void downloads.downloadOne(detail, type)}
      downloading={downloads.pending?.key === detail.key ? downloads.pending.type : null}
      showPopupHint={!isDesktop}
    />
  );
  return isDesktop ? (
    <Drawer
      opened={opened}
      onClose={closeDetail}
      position="right"
      size={480}
      title={DETAIL_TITLE}
      closeButtonProps={{ 'aria-label': '詳細を閉じる' }}
      overlayProps={{ backgroundOpacity: 0.15 }}
    >
      {content}
    </Drawer>
  ) : (
    <Modal
      opened={opened}
      onClose={closeDetail}
      title={DETAIL_TITLE}
      fullScreen
      closeButtonProps={{ 'aria-label': '詳細を閉じる' }}
    >
      {content}
    </Modal>
  );
}
