import type { CommandRequest } from '@plenty/contracts/commands/registry';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { inTransaction, request } from '../offline/db';
import type { AnyOutboxEntry, OutboxEntry, OutboxRejection, QueueableCommand } from './types';

/**
 * The outbox store of a user's database (`lib/offline/db.ts`), as plain operations that work in
 * pages and in the service worker. Every write resolves once its transaction has committed, so
 * a caller told "saved on this device" knows the entry survives a closed tab.
 */

type NewEntry = Omit<AnyOutboxEntry, 'seq'>;

const TRANSACTION_COMMANDS: readonly QueueableCommand[] = ['AddTransaction', 'EditTransaction', 'DeleteTransaction'];

/** The transaction an entry is about, or null for the other commands. */
export function transactionOf(entry: { readonly name: QueueableCommand; readonly body: object }): string | null {
  if (!TRANSACTION_COMMANDS.includes(entry.name)) return null;
  const id = (entry.body as { transactionId?: unknown }).transactionId;
  return typeof id === 'string' ? id : null;
}

/** Every entry of the user's outbox, oldest first. */
export function readEntries(uid: string): Promise<AnyOutboxEntry[]> {
  return inTransaction(uid, 'outbox', 'readonly', async (tx) => {
    const all = await request(tx.objectStore('outbox').getAll());
    return (all as AnyOutboxEntry[]).sort((a, b) => a.seq - b.seq);
  });
}

/** How many entries `nextToSend` reads at a time. */
const NEXT_BATCH = 8;

/**
 * The oldest entry that is not `rejected` (the next to send), or null: read a few entries at a
 * time from the front, rather than the whole store before each entry sent.
 */
export function nextToSend(uid: string): Promise<AnyOutboxEntry | null> {
  return inTransaction(uid, 'outbox', 'readonly', async (tx) => {
    const store = tx.objectStore('outbox');
    let after: number | null = null;
    for (;;) {
      const range = after === null ? undefined : IDBKeyRange.lowerBound(after, true);
      const batch = (await request(store.getAll(range, NEXT_BATCH))) as AnyOutboxEntry[];
      const found = batch.find((entry) => entry.state !== 'rejected');
      if (found !== undefined) return found;
      const last = batch.at(-1);
      if (last === undefined || batch.length < NEXT_BATCH) return null;
      after = last.seq;
    }
  });
}

export function readEntry(uid: string, seq: number): Promise<AnyOutboxEntry | null> {
  return inTransaction(uid, 'outbox', 'readonly', async (tx) => {
    const found = (await request(tx.objectStore('outbox').get(seq))) as AnyOutboxEntry | undefined;
    return found ?? null;
  });
}

/**
 * An EditTransaction that follows an entry not yet sent about the same transaction is based on
 * the device's own change, whose revision nobody knows yet: it goes without `baseRevision`.
 */
function withoutStaleBase<N extends QueueableCommand>(
  name: N,
  body: CommandRequest<N>,
  earlier: readonly AnyOutboxEntry[],
): CommandRequest<N> {
  if (name !== 'EditTransaction') return body;
  const edit = body as CommandRequest<'EditTransaction'>;
  if (edit.baseRevision === undefined) return body;
  const pending = earlier.some((entry) => entry.state !== 'rejected' && transactionOf(entry) === edit.transactionId);
  if (!pending) return body;
  const { baseRevision: _dropped, ...rest } = edit;
  return rest as CommandRequest<N>;
}

export interface Enqueued {
  /** The entry kept, or null when nothing needed sending (a delete of an Add never sent). */
  readonly entry: AnyOutboxEntry | null;
  /** The entries taken out because the command made them moot. */
  readonly removed: readonly AnyOutboxEntry[];
}

/**
 * Puts a command at the end of the user's outbox and resolves once it is on disk.
 *
 * A DeleteTransaction of a transaction whose AddTransaction is still waiting (or was refused)
 * removes that Add and the entries after it about the same transaction, and keeps nothing: the
 * server never heard of it. An EditTransaction after an entry not yet sent about the same transaction loses
 * its `baseRevision`.
 */
export function enqueue<N extends QueueableCommand>(
  uid: string,
  name: N,
  body: CommandRequest<N>,
  queuedAt: string = new Date().toISOString(),
): Promise<Enqueued> {
  return inTransaction(uid, 'outbox', 'readwrite', async (tx) => {
    const store = tx.objectStore('outbox');
    const earlier = ((await request(store.getAll())) as AnyOutboxEntry[]).sort((a, b) => a.seq - b.seq);
    if (name === 'DeleteTransaction') {
      const id = (body as CommandRequest<'DeleteTransaction'>).transactionId;
      // Refused, or waiting and never sent, the Add never reached the server; one on its way may
      // have, and so may one sent before without an answer (attempts): the delete goes after it.
      const add = earlier.find(
        (entry) =>
          entry.name === 'AddTransaction' &&
          (entry.state === 'rejected' || (entry.state === 'waiting' && entry.attempts === 0)) &&
          transactionOf(entry) === id,
      );
      if (add !== undefined) {
        const removed = earlier.filter((entry) => entry.seq >= add.seq && transactionOf(entry) === id);
        for (const entry of removed) await request(store.delete(entry.seq));
        return { entry: null, removed };
      }
    }
    const fresh = {
      name,
      body: withoutStaleBase(name, body, earlier),
      queuedAt,
      state: 'waiting',
      attempts: 0,
      rejection: null,
    } as NewEntry;
    const seq = (await request(store.add(fresh))) as number;
    return { entry: { ...fresh, seq } as AnyOutboxEntry, removed: [] };
  });
}

/**
 * Changes one entry if it is still there (and still holds the command `commandId`, when given:
 * an entry replaced by its correction while its old command was on its way is left alone);
 * resolves with the entry as written, or null.
 */
export function updateEntry(
  uid: string,
  seq: number,
  change: (entry: AnyOutboxEntry) => AnyOutboxEntry,
  commandId?: string,
): Promise<AnyOutboxEntry | null> {
  return inTransaction(uid, 'outbox', 'readwrite', async (tx) => {
    const store = tx.objectStore('outbox');
    const found = (await request(store.get(seq))) as AnyOutboxEntry | undefined;
    if (found === undefined || (commandId !== undefined && found.body.commandId !== commandId)) return null;
    const changed = { ...change(found), seq };
    await request(store.put(changed));
    return changed;
  });
}

/** Takes an entry out (only while it holds the command `commandId`, when given). */
export function removeEntry(uid: string, seq: number, commandId?: string): Promise<AnyOutboxEntry | null> {
  return inTransaction(uid, 'outbox', 'readwrite', async (tx) => {
    const store = tx.objectStore('outbox');
    const found = (await request(store.get(seq))) as AnyOutboxEntry | undefined;
    if (found === undefined || (commandId !== undefined && found.body.commandId !== commandId)) return null;
    await request(store.delete(seq));
    return found;
  });
}

/**
 * The person discards an entry: taken out unless it is on its way (a tab or the worker is
 * sending it; the server may have it already, and taking it out would not take that back).
 */
export function discardEntry(uid: string, seq: number): Promise<AnyOutboxEntry | null> {
  return inTransaction(uid, 'outbox', 'readwrite', async (tx) => {
    const store = tx.objectStore('outbox');
    const found = (await request(store.get(seq))) as AnyOutboxEntry | undefined;
    if (found === undefined || found.state === 'sending') return null;
    await request(store.delete(seq));
    return found;
  });
}

/** Puts a discarded entry back in its place (its own `seq`), as it was. */
export function restoreEntry(uid: string, entry: AnyOutboxEntry): Promise<void> {
  return inTransaction(uid, 'outbox', 'readwrite', async (tx) => {
    await request(tx.objectStore('outbox').put(entry));
  });
}

export const markSending = (uid: string, seq: number) =>
  updateEntry(uid, seq, (entry) => ({ ...entry, state: 'sending' }));

/** Sent without an answer: back to waiting, one more attempt counted. */
export const markUnanswered = (uid: string, seq: number, commandId?: string) =>
  updateEntry(uid, seq, (entry) => ({ ...entry, state: 'waiting', attempts: entry.attempts + 1 }), commandId);

/** Sent, but the session ended: back to waiting as it was. */
export const markWaiting = (uid: string, seq: number, commandId?: string) =>
  updateEntry(uid, seq, (entry) => ({ ...entry, state: 'waiting' }), commandId);

export const markRejected = (uid: string, seq: number, rejection: OutboxRejection, commandId?: string) =>
  updateEntry(uid, seq, (entry) => ({ ...entry, state: 'rejected', rejection }), commandId);

/**
 * "Send anyway" on a refused entry: waiting again with a new commandId (the server remembers
 * the refused one's answer); an EditTransaction no longer says which revision it was made on,
 * so it overwrites what changed meanwhile.
 */
export function resendEntry(uid: string, seq: number): Promise<AnyOutboxEntry | null> {
  return inTransaction(uid, 'outbox', 'readwrite', async (tx) => {
    const store = tx.objectStore('outbox');
    const found = (await request(store.get(seq))) as AnyOutboxEntry | undefined;
    // Only a refused entry: one another tab is sending (or sent) would go a second time under
    // the new commandId.
    if (found === undefined || found.state !== 'rejected') return null;
    const body = { ...found.body, commandId: uuidV7() };
    if (found.name === 'EditTransaction') delete (body as { baseRevision?: number }).baseRevision;
    const changed = { ...found, body, state: 'waiting', attempts: 0, rejection: null } as AnyOutboxEntry;
    await request(store.put(changed));
    return changed;
  });
}

/**
 * The edit that makes an existing transaction what an AddTransaction says: every field, those
 * the add leaves out cleared (the wallet kept when it names none).
 */
export function editFromAdd(
  add: CommandRequest<'AddTransaction'>,
  commandId: string,
): CommandRequest<'EditTransaction'> {
  const { transactionId, walletId } = add;
  return {
    commandId,
    transactionId,
    changes: {
      type: add.type,
      amount: add.amount,
      categoryId: add.categoryId,
      date: add.date,
      time: add.time ?? null,
      note: add.note ?? null,
      receipt: add.receipt ?? null,
      location: add.location ?? null,
      splits: add.splits ?? null,
      tags: add.tags ?? null,
      ...(walletId === undefined ? {} : { walletId }),
    },
  };
}

/**
 * An AddTransaction whose transaction the server already has (an earlier version of the entry
 * got there: it was corrected while on its way, or its answer was lost) becomes the edit that
 * makes that transaction what the entry says, waiting, in the same place. `notCommandId`: only
 * when the entry no longer holds that command (the one just accepted); `commandId`: only while it
 * holds that one (the one just refused). Resolves with the edit, or null when nothing changed.
 */
export function addBecomesEdit(
  uid: string,
  seq: number,
  transactionId: string,
  match: { readonly commandId?: string; readonly notCommandId?: string },
): Promise<AnyOutboxEntry | null> {
  return inTransaction(uid, 'outbox', 'readwrite', async (tx) => {
    const store = tx.objectStore('outbox');
    const found = (await request(store.get(seq))) as AnyOutboxEntry | undefined;
    if (found?.name !== 'AddTransaction' || found.body.transactionId !== transactionId) return null;
    if (match.commandId !== undefined && found.body.commandId !== match.commandId) return null;
    if (match.notCommandId !== undefined && found.body.commandId === match.notCommandId) return null;
    const commandId = match.commandId === undefined ? found.body.commandId : uuidV7();
    const edit: OutboxEntry<'EditTransaction'> = {
      seq,
      name: 'EditTransaction',
      body: editFromAdd(found.body, commandId),
      queuedAt: found.queuedAt,
      state: found.state === 'sending' ? 'waiting' : found.state,
      attempts: 0,
      rejection: null,
    };
    await request(store.put(edit));
    return edit;
  });
}

/** A corrected entry: the same place in the queue, the new command (new commandId), waiting. */
export function replaceEntry<N extends QueueableCommand>(
  uid: string,
  seq: number,
  name: N,
  body: CommandRequest<N>,
): Promise<AnyOutboxEntry | null> {
  return updateEntry(uid, seq, (entry) => {
    const replaced: OutboxEntry<N> = {
      seq,
      name,
      body: { ...body, commandId: body.commandId === entry.body.commandId ? uuidV7() : body.commandId },
      queuedAt: entry.queuedAt,
      state: 'waiting',
      attempts: 0,
      rejection: null,
    };
    return replaced as AnyOutboxEntry;
  });
}
