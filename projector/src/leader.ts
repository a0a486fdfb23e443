import type { LeaseStore } from '@plenty/platform/lease/port';
import type { ProjectorLogger } from './runtime-api.js';

export interface LeaderOptions {
  readonly leases: LeaseStore;
  readonly name: string;
  readonly owner: string;
  readonly ttlMs?: number;
  /** How often the lease is renewed (or tried for); well under the time to live. */
  readonly renewEveryMs?: number;
  /** Starts the job once this instance holds the lease. */
  lead(): Promise<void>;
  /** Stops the job when the lease is lost or on shutdown. */
  abdicate(): Promise<void>;
  readonly logger?: ProjectorLogger;
}

export interface Leader {
  readonly leading: boolean;
  /** Stops the job, gives the lease up and stops trying. */
  stop(): Promise<void>;
}

/**
 * Runs a job on exactly one instance at a time: whoever holds the lease. The holder
 * renews it; if renewal fails or another owner took it, the job stops before the lease
 * could expire, so two holders overlap at most for a renewal's round trip.
 */
export function runWhileLeader(options: LeaderOptions): Leader {
  const ttlMs = options.ttlMs ?? 15_000;
  const renewEveryMs = options.renewEveryMs ?? Math.floor(ttlMs / 3);
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> = Promise.resolve();

  async function tick(): Promise<void> {
    let held: boolean;
    try {
      held = await options.leases.acquire(options.name, options.owner, ttlMs);
    } catch (error) {
      options.logger?.error({ err: error, lease: options.name }, 'lease could not be renewed');
      held = false;
    }
    if (stopped) return;
    if (held && !leading) {
      leading = true;
      options.logger?.info({ lease: options.name, owner: options.owner }, 'took the lease');
      await options.lead();
    } else if (!held && leading) {
      leading = false;
      options.logger?.info({ lease: options.name, owner: options.owner }, 'lost the lease');
      await options.abdicate();
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = tick().finally(schedule);
    }, renewEveryMs);
  };
  round = tick().finally(schedule);

  return {
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await round.catch(() => undefined);
      if (leading) {
        leading = false;
        await options.abdicate();
      }
      await options.leases.release(options.name, options.owner).catch(() => undefined);
    },
  };
}
