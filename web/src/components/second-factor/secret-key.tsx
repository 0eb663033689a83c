import { Text } from '@mantine/core';
import { Fragment } from 'react';

/** The secret in groups of four, as people type it into an app. */
export const secretGroups = (secret: string) => secret.match(/.{1,4}/g) ?? [];

/**
 * The set-up key as text, for an app that cannot read the QR code. A line breaks only between
 * groups, never inside one, so that a phone's narrow card shows every group whole: each group
 * keeps together, and the space between two groups sits outside them, where the line may break
 * (a space inside a group's own no-wrap text would not let it).
 */
export function SecretKey({ secret }: { secret: string }) {
  const groups = secretGroups(secret);
  return (
    <Text
      data-testid="second-factor-secret"
      ff="monospace"
      fz="md"
      ta="center"
      p="xs"
      bg="gray.0"
      style={{ borderRadius: 4 }}
    >
      {groups.map((group, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group's place is its identity.
        <Fragment key={i}>
          {i > 0 && ' '}
          <span style={{ whiteSpace: 'nowrap' }}>{group}</span>
        </Fragment>
      ))}
    </Text>
  );
}
