import type { Account } from '@domain/api/account';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { PhrasedText } from '../../../components/text/phrased-text';
import { AccountSection } from './account-section';

function Field({ label, value, phrased }: { label: string; value: string; phrased?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={500} component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {phrased ? <PhrasedText text={value} /> : value}
      </Text>
    </Stack>
  );
}

/** The person's own name and mail (changed by a manager, not here). */
export function ProfileSection({ account }: { account: Account }) {
  return (
    <AccountSection title="ご登録情報">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        <Field label="氏名" value={account.user_name} phrased />
        <Field label="メールアドレス" value={account.mail} />
      </SimpleGrid>
    </AccountSection>
  );
}
