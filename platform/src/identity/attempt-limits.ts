/** At most `limit` attempts per key in each window of `windowMs`. */
export interface AttemptRule {
  readonly limit: number;
  readonly windowMs: number;
}

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Counts attempts per key (an address, a client) in fixed windows, in memory. A key over its
 * limit is told how many seconds remain until its window ends. At most `maxKeys` keys are
 * remembered; the oldest window is forgotten first, so a flood of new keys cannot grow memory.
 */
export class AttemptCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly rule: AttemptRule,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  private current(key: string): Window | null {
    const window = this.windows.get(key);
    if (window === undefined) return null;
    if (this.now() - window.startedAt >= this.rule.windowMs) {
      this.windows.delete(key);
      return null;
    }
    return window;
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfter(key: string): number {
    const window = this.current(key);
    if (window === null || window.count < this.rule.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.rule.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const window = this.current(key);
    if (window !== null) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    this.windows.set(key, { startedAt: this.now(), count: 1 });
  }

  forget(key: string): void {
    this.windows.delete(key);
  }
}

/** The identity service's limits; `off` only for load tests. */
export interface IdentityLimits {
  /** Wrong passwords per address. */
  readonly signInFailuresPerAddress: AttemptRule;
  /** Sign-in attempts per client address (a household behind one router shares it). */
  readonly signInsPerClient: AttemptRule;
  readonly signUpsPerClient: AttemptRule;
  readonly signUpsPerAddress: AttemptRule;
  /** Password reset codes tried (checked or used) per client address. */
  readonly resetCodesPerClient: AttemptRule;
}

const MINUTE = 60_000;

export const DEFAULT_IDENTITY_LIMITS: IdentityLimits = {
  signInFailuresPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  signInsPerClient: { limit: 100, windowMs: 15 * MINUTE },
  signUpsPerClient: { limit: 20, windowMs: 60 * MINUTE },
  signUpsPerAddress: { limit: 5, windowMs: 60 * MINUTE },
  resetCodesPerClient: { limit: 30, windowMs: 15 * MINUTE },
};

const UNLIMITED: AttemptRule = { limit: Number.MAX_SAFE_INTEGER, windowMs: MINUTE };

export const NO_IDENTITY_LIMITS: IdentityLimits = {
  signInFailuresPerAddress: UNLIMITED,
  signInsPerClient: UNLIMITED,
  signUpsPerClient: UNLIMITED,
  signUpsPerAddress: UNLIMITED,
  resetCodesPerClient: UNLIMITED,
};
