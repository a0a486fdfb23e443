import type { CommandResult } from '@plenty/contracts/commands/result';
import { comparePositions, isPosition } from '@plenty/contracts/positions';
import { inTransaction, request } from '../offline/db';

/**
 * The furthest event-store position of the outbox's commands accepted on this device (by any
 * page or the service worker), kept in the user's `meta` store under `lastPosition`. A page that
 * sees entries sent elsewhere waits for its reads to reach it (X-Min-Position), so the screens
 * show those commands' changes at once rather than a moment late.
 */
export const POSITION_KEY = 'lastPosition';

/** Whether an accepted command's answer is a CommandResult (the worker reads it with plain fetch). */
export function isCommandResult(value: unknown): value is CommandResult {
  if (typeof value !== 'object' || value === null) return false;
  const { streamId, revision, position } = value as Record<string, unknown>;
  return (
    typeof streamId === 'string' &&
    typeof revision === 'number' &&
    Number.isInteger(revision) &&
    revision >= 0 &&
    typeof position === 'string' &&
    isPosition(position)
  );
}

/** Keeps `position` if it is past the one kept. */
export async function savePosition(uid: string, position: string): Promise<void> {
  if (!isPosition(position)) return;
  await inTransaction(uid, 'meta', 'readwrite', async (tx) => {
    const store = tx.objectStore('meta');
    const kept: unknown = await request(store.get(POSITION_KEY));
    if (typeof kept === 'string' && isPosition(kept) && comparePositions(kept, position) >= 0) return;
    await request(store.put(position, POSITION_KEY));
  });
}

export async function readPosition(uid: string): Promise<string | null> {
  const kept = await inTransaction(uid, 'meta', 'readonly', (tx) =>
    request(tx.objectStore('meta').get(POSITION_KEY) as IDBRequest<unknown>),
  );
  return typeof kept === 'string' && isPosition(kept) ? kept : null;
}
