// Its select's styles (Mantine's cascade layer), which the first load leaves out (decision 013).
import '@mantine/core/styles/Combobox.layer.css';
import { Button, NativeSelect, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCustomerNames } from '../../../api/get-customer-name';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { afterSignInDestination } from '../../../lib/after-sign-in';
import { loginUserId } from '../../../lib/api-client';
import { readReturnTo } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { useChooseTenant } from '../hooks/use-choose-tenant';
import { afterSignInFailureNotice } from '../utils/login-notices';
import { AuthCard } from './auth-card';

export const TENANT_PROMPT = 'ログインする取引先を選択してください';

/** docs/product.md §2 "code: name"; the code alone until the name is known. */
export function tenantLabel(customerCode: number, customerName: string | undefined): string {
  return customerName ? `${customerCode}: ${customerName}` : String(customerCode);
}

/** docs/product.md §2 Tenant choice, for an identity with two or more customer codes. */
export function LoginTenantPage() {
  usePageTitle(paths.loginTenant.pageName);
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { names } = useCustomerNames(session.customerCodeList, loginUserId(null));
  const choose = useChooseTenant();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choose.isPending) return;
    if (value === '') {
      setError(`${TENANT_PROMPT}。`);
      return;
    }
    choose.mutate(Number(value), {
      onSuccess: (data) => {
        session.saveSignedIn(data);
        const to = afterSignInDestination({ kind: 'signedIn' }, readReturnTo(location.state))!;
        navigate(to.path, { state: to.state, replace: to.replace });
      },
      // docs/product.md §8: a failed tenant choice shows the generic message and signs out.
      onError: (failure) => session.signOut(afterSignInFailureNotice(failure)),
    });
  };

  const options = [
    { value: '', label: '選択してください', disabled: true },
    ...session.customerCodeList.map((code, index) => ({
      value: String(code),
      label: tenantLabel(code, names[index]),
    })),
  ];

  return (
    <AuthCard title={paths.loginTenant.pageName}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <NativeSelect
            label={TENANT_PROMPT}
            name="customerCode"
            size="md"
            data={options}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            mt="xs"
            loading={choose.isPending || session.status === 'signedIn'}
          >
            ログイン
          </Button>
          <Button variant="subtle" size="sm" onClick={() => session.signOut()}>
            別のアカウントでログイン
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
