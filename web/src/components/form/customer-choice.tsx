import { useAllCustomerCodeList } from '../../api/get-all-customer-code-list';
import { widthFoldingFilter } from '../../lib/select-filter';
import { LazySelect } from './lazy-select';

/**
 * Staff's choice of the customer a screen shows (documents, shared files), as on the orders
 * screen: every customer by code and name, searchable with full-width digits folded. Only staff
 * are shown it; everybody else sees the customer they signed in for.
 */
export function CustomerChoice({
  value,
  onChange,
  placeholder = '選択してください',
  loadErrorMessage = '取引先の一覧を読み込めませんでした',
  className,
  w,
  withinPortal,
}: {
  value: number | null;
  onChange: (customerCode: number) => void;
  placeholder?: string;
  loadErrorMessage?: string;
  className?: string;
  w?: { base: string; sm: number };
  withinPortal?: boolean;
}) {
  const customers = useAllCustomerCodeList(true);
  return (
    <LazySelect
      label="取引先コード"
      placeholder={placeholder}
      searchable
      filter={widthFoldingFilter}
      nothingFoundMessage="該当する取引先がありません"
      data={(customers.data ?? []).map((c) => ({
        value: String(c.customer_code),
        label: `${c.customer_code}: ${c.customer_name}`,
      }))}
      value={value === null ? null : String(value)}
      onChange={(chosen) => {
        if (chosen) onChange(Number(chosen));
      }}
      allowDeselect={false}
      className={className}
      w={w}
      error={customers.isError ? loadErrorMessage : undefined}
      {...(withinPortal ? { comboboxProps: { withinPortal: true } } : {})}
    />
  );
}
