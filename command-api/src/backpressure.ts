import type { Position } from '@plenty/platform/event-store/port';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';

export interface BackpressureOptions {
  /**
   * How many events the read models may be behind a command's last event when it is answered.
   * 0: every command is answered once the views hold it.
   */
  readonly behind: number;
  /** The longest a command's answer waits for the read models; it is answered then anyway. */
  readonly maxWaitMs: number;
}

/**
 * Defaults: answered once the views hold the command's events, waiting at most a second (a bound
 * of 16 events let reads after a write under load wait p99 161–611 ms where 0 gave 114–225 ms,
 * docs/PERFORMANCE.md).
 */
export const DEFAULT_BACKPRESSURE: BackpressureOptions = { behind: 0, maxWaitMs: 1000 };

/** The position `behind` events before a plain-number position; other positions (EventStoreDB's) as they are. */
export function positionBefore(position: Position, behind: number): Position {
  if (!/^\d{1,15}$/.test(position)) return position;
  return String(Math.max(0, Number(position) - behind));
}

/**
 * Backpressure on commands: a command's answer waits until the projector is within `behind`
 * events of the command's last event (or `maxWaitMs` passed). While the projector keeps up the
 * answer does not wait at all; when commands come faster than it applies them, their senders
 * are slowed to its pace, so the views never fall more than about `behind` events plus the
 * commands in flight behind the head, and a read after one's own write is served at once
 * instead of waiting for a backlog. The command is already stored when its answer waits: it
 * is answered either way. A projector that stopped on a failure is not waited for; one catching
 * up a long backlog (after a restore, or at a start with new views) is, a second per command.
 */
export function backpressure(
  progress: Pick<ProjectionProgress, 'waitFor'> & { isHealthy?(): boolean },
  options: BackpressureOptions = DEFAULT_BACKPRESSURE,
): (position: Position) => Promise<void> {
  return async (position) => {
    // A projector stopped on a failure applies nothing: waiting for it would only slow every command.
    if (progress.isHealthy?.() === false) return;
    await progress.waitFor(positionBefore(position, options.behind), options.maxWaitMs);
  };
}
