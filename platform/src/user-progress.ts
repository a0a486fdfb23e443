import { START, comparePositions, type Position } from './event-store/port.js';
import type { ProjectionProgress } from './projection-progress.js';
import type { ReadStore, UnitOfWork, ViewDefinition } from './read-store/port.js';

/**
 * Where events are spread over partitions (Kafka), there is no single position every
 * projection has passed; but one user's events stay in order in one partition. So the
 * projector records, with each batch, the last position applied per user, and the query
 * API waits on the caller's own.
 */
export const userProgressView: ViewDefinition = { name: 'user_progress', fields: {}, indexes: [] };

const DOC_ID = 'applied';

/** Records, in the batch's unit of work, that the user's events up to `position` are applied. */
export function recordUserProgress(uow: UnitOfWork, userId: string, position: Position): void {
  uow.put(userProgressView.name, userId, DOC_ID, { position }, position);
}

export async function readUserProgress(readStore: ReadStore, userId: string): Promise<Position> {
  const stored = await readStore.get<{ position: string }>(userProgressView.name, userId, DOC_ID);
  return stored?.position ?? START;
}

/** ProjectionProgress per user, read from the read store while a reader waits. */
export function userProgress(
  readStore: ReadStore,
  options: { pollIntervalMs?: number } = {},
): ProjectionProgress & { close(): void } {
  const pollIntervalMs = options.pollIntervalMs ?? 25;
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  let closed = false;
  return {
    // Without a user (an unauthenticated answer) nothing is claimed.
    current: async (userId) => (userId === undefined ? START : readUserProgress(readStore, userId)),
    async waitFor(target, timeoutMs, userId) {
      if (userId === undefined) return START;
      const deadline = Date.now() + timeoutMs;
      let reached = await readUserProgress(readStore, userId);
      while (!closed && comparePositions(reached, target) < 0 && Date.now() < deadline) {
        await sleep(Math.min(pollIntervalMs, Math.max(0, deadline - Date.now())));
        reached = await readUserProgress(readStore, userId);
      }
      return reached;
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
