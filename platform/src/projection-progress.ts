import type { Position } from './event-store/port.js';

/** How far the projections have applied the event store; the query API waits on it. */
export interface ProjectionProgress {
  /** The position every projection has passed. */
  current(): Promise<Position>;
  /**
   * Resolves with the current position once it is at or after `position`, or after
   * `timeoutMs` with whatever position was reached.
   */
  waitFor(position: Position, timeoutMs: number): Promise<Position>;
}
