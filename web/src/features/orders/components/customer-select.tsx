import { Loader } from '@mantine/core';
import { useAllCustomerCodeList } from '../../../api/get-all-customer-code-list';
import { LazySelect } from '../../../components/form/lazy-select';
import { widthFoldingFilter } from '../../../lib/select-filter';

/** docs/product.md §2: staff choose the customer whose orders they see. */
export function CustomerSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (customerCode: number) => void;
}) {
  const customers = useAllCustomerCodeList(true);
  const data = (customers.data ?? []).map((c) => ({
    value: String(c.customer_code),
    label: `${c.customer_code}: ${c.customer_name}`,
  }));
  return (
    <LazySelect
      label="取引先コード"
      placeholder="選択してください"
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        if (next) onChange(Number(next));
      }}
      searchable
      filter={widthFoldingFilter}
      nothingFoundMessage="該当する取引先がありません"
      allowDeselect={false}
      maxDropdownHeight={320}
      w={{ base: '100%', sm: 360 }}
      rightSection={customers.isPending ? <Loader size={14} /> : undefined}
      error={customers.isError ? '取引先の一覧を読み込めませんでした。' : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
