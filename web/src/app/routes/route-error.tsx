import { Center, Title } from '@mantine/core';

/** Router fallback page (docs/product.md §8); the text is the spec's, word for word. */
export function RouteError() {
  return (
    <Center mih="100dvh" p="md">
      <Title order={1} size="h3">
        Unexpected Application Error!
      </Title>
    </Center>
  );
}
