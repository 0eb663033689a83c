import { LEDGER_STATUS } from '@domain/constants';
import { Badge } from '@mantine/core';

/** 出荷済 in calm teal, 受注残 (still to ship) in orange. */
export function StatusBadge({ status }: { status: string }) {
  const backlog = status === LEDGER_STATUS.backlog;
  return (
    <Badge
      variant={backlog ? 'filled' : 'light'}
      color={backlog ? 'orange.7' : 'teal'}
      radius="sm"
      size="md"
      styles={{ root: { flexShrink: 0 } }}
    >
      {status}
    </Badge>
  );
}
