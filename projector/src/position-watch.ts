import { START, comparePositions, type Position } from '@plenty/platform/event-store/port';

/** The position projections have reached, and the readers waiting for a later one. */
export class PositionWatch {
  private reached: Position = START;
  private readonly waiters = new Set<{ target: Position; resolve(position: Position): void }>();

  get position(): Position {
    return this.reached;
  }

  advance(to: Position): void {
    this.reached = to;
    for (const waiter of this.waiters) {
      if (comparePositions(to, waiter.target) >= 0) {
        this.waiters.delete(waiter);
        waiter.resolve(to);
      }
    }
  }

  /** Resolves once the position is at or after `target`, or after `timeoutMs` with the one reached. */
  waitFor(target: Position, timeoutMs: number): Promise<Position> {
    if (comparePositions(this.reached, target) >= 0) return Promise.resolve(this.reached);
    return new Promise<Position>((resolve) => {
      const waiter = {
        target,
        resolve: (position: Position) => {
          clearTimeout(timer);
          resolve(position);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(this.reached);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}
