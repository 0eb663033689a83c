import { Text } from '@mantine/core';

/** The secret in groups of four, as people type it into an app. */
export const secretGroups = (secret: string) => secret.match(/.{1,4}/g) ?? [];

/**
 * The set-up key as text, for an app that cannot read the QR code. A line breaks only between
 * groups, never inside one, so that a phone's narrow card shows every group whole.
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
        <span key={i} style={{ whiteSpace: 'nowrap' }}>
          {group}
          {i < groups.length - 1 ? ' ' : ''}
        </span>
      ))}
    </Text>
  );
}
