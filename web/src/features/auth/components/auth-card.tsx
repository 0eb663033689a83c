import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

/** The card the public sign-in screens (login, tenant choice, password reset) sit in. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={classes.wrapper}>
      <Paper className={classes.card} withBorder shadow="sm">
        <Title order={1} className={classes.title} mb={description ? undefined : 'lg'}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed" mb="xl">
            {description}
          </Text>
        )}
        {children}
      </Paper>
    </div>
  );
}
