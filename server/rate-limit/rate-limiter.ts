import { createHash } from 'node:crypto';
import { normaliseMail } from '../../domain/mail-address';
import type { CounterStore } from './counter-store';

export interface RateLimitRule {
  /** Hits allowed per window; the next one is refused until the window ends. */
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** 0 when allowed; otherwise whole seconds until the window ends (at least 1), for Retry-After. */
  retryAfterSeconds: number;
}

// Keys stay short whatever a client sends as subject: a PostgreSQL primary key must fit an
// index row, and Redis keys are memory.
const MAX_SUBJECT_LENGTH = 128;

/**
 * Named fixed-window limits over a shared CounterStore, e.g.
 * `new RateLimiter(store, { 'check-account-lock:ip': { limit: 30, windowMs: 60_000 } })`.
 */
export class RateLimiter<Rule extends string = string> {
  constructor(
    private readonly store: CounterStore,
    private readonly rules: Record<Rule, RateLimitRule>,
  ) {
    for (const [name, rule] of Object.entries<RateLimitRule>(rules)) {
      if (!Number.isSafeInteger(rule.limit) || rule.limit < 0) {
        throw new RangeError(`rate limit ${name}: limit must be a non-negative integer`);
      }
      if (!Number.isSafeInteger(rule.windowMs) || rule.windowMs <= 0) {
        throw new RangeError(`rate limit ${name}: windowMs must be a positive integer`);
      }
    }
  }

  /** Counts one hit of subject (a mail address, an IP address, …) under rule. */
  async check(rule: Rule, subject: string): Promise<RateLimitDecision> {
    const { limit, windowMs } = this.ruleOf(rule);
    const { count, resetAt } = await this.store.hit(this.keyOf(rule, subject), windowMs);
    if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
    };
  }

  /** Starts subject's window under rule again (e.g. after a successful sign-in). */
  async reset(rule: Rule, subject: string): Promise<void> {
    this.ruleOf(rule);
    await this.store.reset(this.keyOf(rule, subject));
  }

  /**
   * `${rule}:${subject}` with subject in the mail's one spelling (a client address is unchanged by
   * it), so that a limit per mail holds however the mail is typed; long subjects hashed.
   */
  keyOf(rule: Rule, subject: string): string {
    const normalized = normaliseMail(subject);
    return normalized.length <= MAX_SUBJECT_LENGTH
      ? `${rule}:${normalized}`
      : `${rule}:sha256:${createHash('sha256').update(normalized).digest('hex')}`;
  }

  private ruleOf(rule: Rule): RateLimitRule {
    const found = Object.hasOwn(this.rules, rule) ? this.rules[rule] : undefined;
    if (!found) throw new Error(`unknown rate limit rule: ${rule}`);
    return found;
  }
}
