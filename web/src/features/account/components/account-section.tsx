import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { PhrasedText } from '../../../components/text/phrased-text';

/**
 * One section of the account page: a bordered panel with its heading (h2), named by it. Each
 * section is its own component file (profile, notifications, password, sign-in history; the
 * second factor's section is added beside them).
 */
export function AccountSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p={{ base: 'sm', sm: 'lg' }} aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {typeof description === 'string' ? <PhrasedText text={description} /> : description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
