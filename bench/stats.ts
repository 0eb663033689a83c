/** The p-th percentile (nearest rank) of ascending values; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs fn while sampling RSS every 50 ms: ms, and the peak growth in MB over the RSS before. */
export async function measured<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; ms: number; peakMb: number; heapMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let heapPeak = before.heapUsed + before.external;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed + now.external);
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const value = await fn();
    const ms = performance.now() - started;
    sample();
    return {
      value,
      ms,
      peakMb: (peak - before.rss) / 2 ** 20,
      heapMb: (heapPeak - before.heapUsed - before.external) / 2 ** 20,
    };
  } finally {
    clearInterval(timer);
  }
}
