import type { Position } from './event-store/port.js';

/** How far the projections have applied the event store; the query API waits on it. */
export interface ProjectionProgress {
  /**
   * The position the projections have passed: for every event in the embedded default, for
   * the given user's events where the events are spread over partitions (distributed).
   */
  current(userId?: string): Promise<Position>;
  /**
   * Resolves with the current position once it is at or after `position`, or after
   * `timeoutMs` with whatever position was reached.
   */
  waitFor(position: Position, timeoutMs: number, userId?: string): Promise<Position>;
}
