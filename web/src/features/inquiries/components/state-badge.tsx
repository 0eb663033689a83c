import { INQUIRY_STATE_LABELS, type InquiryState } from '@domain/inquiry';
import { Badge } from '@mantine/core';

const COLOR: Record<InquiryState, string> = {
  open: 'red.9',
  'in-progress': 'orange.9',
  answered: 'blue.9',
  closed: 'gray.7',
};

/** 未対応・対応中・回答済・完了, in colours dark enough for white text (4.5:1). */
export function InquiryStateBadge({ state }: { state: InquiryState }) {
  return (
    <Badge
      color={COLOR[state]}
      variant="filled"
      radius="sm"
      // Never cut to 「未…」 in a narrow table column: the badge keeps its words' width.
      styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}
    >
      {INQUIRY_STATE_LABELS[state]}
    </Badge>
  );
}
