import { useState } from 'react';

/**
 * Whether `value` has been true at any render so far: true from the first render where it is, and
 * from then on. For what mounts on its first use and then stays (to close with its transition).
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [was, setWas] = useState(value);
  if (value && !was) setWas(true);
  return was || value;
}
