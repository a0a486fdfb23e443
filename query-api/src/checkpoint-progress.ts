import { START, comparePositions, type Position } from '@plenty/platform/event-store/port';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import type { ReadStore } from '@plenty/platform/read-store/port';

interface Waiter {
  readonly target: Position;
  resolve(position: Position): void;
}

/**
 * Projection progress read from the projector's checkpoint in the read store, for a query
 * process that runs apart from the projector and so hears no notice when it advances. It
 * reads the checkpoint only while a reader waits for a position not reached yet.
 */
export function checkpointProgress(
  readStore: ReadStore,
  options: { checkpointName?: string; pollIntervalMs?: number } = {},
): ProjectionProgress & { close(): void } {
  const checkpointName = options.checkpointName ?? 'projector';
  const pollIntervalMs = options.pollIntervalMs ?? 25;
  const waiters = new Set<Waiter>();
  let reached: Position = START;
  let timer: NodeJS.Timeout | null = null;

  async function read(): Promise<Position> {
    reached = (await readStore.getCheckpoint(checkpointName)) ?? START;
    for (const waiter of waiters) {
      if (comparePositions(reached, waiter.target) >= 0) {
        waiters.delete(waiter);
        waiter.resolve(reached);
      }
    }
    if (waiters.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    return reached;
  }

  return {
    current: read,
    async waitFor(target, timeoutMs) {
      const now = await read();
      if (comparePositions(now, target) >= 0) return now;
      return new Promise<Position>((resolve) => {
        const waiter: Waiter = {
          target,
          resolve: (position) => {
            clearTimeout(deadline);
            resolve(position);
          },
        };
        const deadline = setTimeout(() => {
          waiters.delete(waiter);
          resolve(reached);
        }, timeoutMs);
        waiters.add(waiter);
        timer ??= setInterval(() => void read().catch(() => undefined), pollIntervalMs);
      });
    },
    close() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      for (const waiter of waiters) waiter.resolve(reached);
      waiters.clear();
    },
  };
}
