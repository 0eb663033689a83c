import {
  LEDGER_DATE_FIELD_LABELS,
  LEDGER_DATE_FIELDS,
  type LedgerDateField,
} from '@domain/ledger-search';
import { Input, SegmentedControl } from '@mantine/core';
import { DateRangeInputs } from '../../../components/form/date-range-inputs';
import type { OrderFilters } from '../api/search-ledger-items';

const DATE_FIELD_OPTIONS = LEDGER_DATE_FIELDS.map((value) => ({
  value,
  label: LEDGER_DATE_FIELD_LABELS[value],
}));

/** The filter panel's 期間: which date it applies to, and its start and end. */
export function DateRangeField({
  dateField,
  fromDate,
  toDate,
  onChange,
  isDesktop,
  onCalendarOpen,
}: {
  dateField: LedgerDateField;
  fromDate: string | null;
  toDate: string | null;
  onChange: (patch: Pick<Partial<OrderFilters>, 'dateField' | 'fromDate' | 'toDate'>) => void;
  isDesktop: boolean;
  /** A phone's calendar is a modal over the panel: the panel leaves Escape to it while open. */
  onCalendarOpen: (open: boolean) => void;
}) {
  return (
    <Input.Wrapper label="期間" labelElement="div">
      {/* Which date the range applies to: the order's, the shipment's or the expected delivery's. */}
      <SegmentedControl
        aria-label="期間の日付"
        fullWidth
        size="sm"
        mt={6}
        data={DATE_FIELD_OPTIONS}
        value={dateField}
        onChange={(value) => onChange({ dateField: value as LedgerDateField })}
      />
      {/* docs/product.md §5: the start cannot be after the end (each picker stops at the other:
          the panel searches as it is, with no message of its own). */}
      <DateRangeInputs
        kind={LEDGER_DATE_FIELD_LABELS[dateField]}
        from={fromDate}
        to={toDate}
        onChange={(patch) =>
          onChange({
            ...('from' in patch ? { fromDate: patch.from ?? null } : {}),
            ...('to' in patch ? { toDate: patch.to ?? null } : {}),
          })
        }
        isDesktop={isDesktop}
        ordered
        onCalendarOpen={onCalendarOpen}
      />
    </Input.Wrapper>
  );
}
