// How many exports run at once (docs/decisions/024). An export is the longest read the portal
// does (up to 100,000 lines, seconds of database and CPU time): on the embedded database every
// other request waits between its pages, and each running export holds its pages and its file's
// buffers. Each person gets a few at a time and the process a few more in all; one more is
// refused at once with 429 and Retry-After instead of being queued, so that nobody's screen waits
// on a download it did not ask for.

/** Why an export was refused: its person has theirs running, or the process is full. */
export type ExportRefusal = 'user' | 'total';

export interface ExportSlotLimits {
  /** Exports one person (identity uid) may run at once. */
  perUser: number;
  /** Exports this process runs at once, whoever asked. */
  total: number;
}

/**
 * The running exports of this process, counted per identity and in all. Counted in this process
 * only: what the limit protects (the event loop, the embedded database, the process's memory) is
 * the process's own, so with several instances each allows its own share.
 */
export class ExportSlots {
  private readonly running = new Map<string, number>();
  private count = 0;

  constructor(readonly limits: ExportSlotLimits) {}

  /** Exports running now (all, or of one identity). */
  runningFor(uid?: string): number {
    return uid === undefined ? this.count : (this.running.get(uid) ?? 0);
  }

  /**
   * Takes a slot for `uid`: a release function to call once when the export ends (finished,
   * failed or cancelled; later calls do nothing), or why none is free.
   */
  take(uid: string): (() => void) | ExportRefusal {
    const mine = this.running.get(uid) ?? 0;
    if (mine >= this.limits.perUser) return 'user';
    if (this.count >= this.limits.total) return 'total';
    this.running.set(uid, mine + 1);
    this.count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count--;
      const left = (this.running.get(uid) ?? 1) - 1;
      if (left > 0) this.running.set(uid, left);
      else this.running.delete(uid);
    };
  }
}
