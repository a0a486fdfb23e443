import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { CommandRequest } from '@plenty/contracts/commands/registry';
import type { ErrorCode } from '@plenty/contracts/errors';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { deleteUserDb } from '../offline/db';
import type { ApiError } from '../api/api-error';
import {
  backoffMs,
  classify,
  createOutboxEngine,
  inPageLocks,
  type EngineDeps,
  type LockManagerLike,
  type SendOutcome,
  type Timers,
} from './engine';
import {
  discardEntry,
  enqueue,
  markRejected,
  markSending,
  readEntries,
  replaceEntry,
  resendEntry,
  restoreEntry,
} from './queue';
import type { AnyOutboxEntry } from './types';

let users = 0;
/** A user of their own for each test, so no two tests share a database. */
const newUid = () => `engine-user-${++users}`;

const add = (transactionId = uuidV7(), amount = 1500): CommandRequest<'AddTransaction'> => ({
  commandId: uuidV7(),
  transactionId,
  type: 'expense',
  amount: { amount, currency: 'THB' },
  categoryId: uuidV7(),
  date: '2026-11-27',
});

type Answer = 'apply' | 'lose-answer' | 'unreachable' | { status: number; code: ErrorCode; retryAfterSeconds?: number };

/**
 * Stands in for the command API: applies each commandId once (a command sent again is answered
 * as the first time, as the server does), and answers in turn with what the test scripts.
 */
function fakeServer(script: Answer[] = []) {
  const applied = new Map<string, { name: string; body: unknown }>();
  const requests: { name: string; commandId: string }[] = [];
  let gate: Promise<void> | null = null;
  const send = async (entry: AnyOutboxEntry): Promise<SendOutcome> => {
    const { commandId } = entry.body;
    requests.push({ name: entry.name, commandId });
    if (gate !== null) await gate;
    const answer = script.shift() ?? 'apply';
    if (answer === 'unreachable') return classify(networkError());
    if (answer === 'apply' || answer === 'lose-answer') {
      if (!applied.has(commandId)) applied.set(commandId, { name: entry.name, body: entry.body });
      if (answer === 'lose-answer') return classify(networkError());
      return { kind: 'accepted', result: { streamId: 'tx', revision: applied.size, position: String(applied.size) } };
    }
    const error: ApiError = {
      status: answer.status,
      code: answer.code,
      messageId: `error.${answer.code}`,
      fields: answer.code === 'validation_failed' ? { 'amount.amount': 'amount_not_positive' } : {},
      ...(answer.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: answer.retryAfterSeconds }),
    };
    return classify(error);
  };
  return {
    send,
    applied,
    requests,
    /** Holds every answer until `release` (a request on its way). */
    hold() {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const networkError = (): ApiError => ({ status: 'network', code: 'network', messageId: 'error.network', fields: {} });

/** Timers that only record what was planned; `fire` runs the last one. */
function fakeTimers() {
  const planned: { ms: number; run: () => void; cleared: boolean }[] = [];
  /** Its time has come: runs the last planned timer. */
  const fire = () => {
    const timer = planned.at(-1);
    if (timer === undefined || timer.cleared) throw new Error('no timer planned');
    timer.cleared = true;
    timer.run();
  };
  const timers: Timers = {
    set(run, ms) {
      const timer = { ms, run, cleared: false };
      planned.push(timer);
      return timer;
    },
    clear(handle) {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  return {
    timers,
    planned,
    fire,
    pending: () => planned.filter((timer) => !timer.cleared).map((timer) => timer.ms),
  };
}

function engineFor(uid: string, server: ReturnType<typeof fakeServer>, extra: Partial<EngineDeps> = {}) {
  return createOutboxEngine({
    uid,
    send: server.send,
    changed: () => undefined,
    timers: fakeTimers().timers,
    now: () => '2026-11-27T10:00:00.000Z',
    ...extra,
  });
}

describe('outbox queue', () => {
  it('keeps entries in the order they were made, each with its commandId, waiting', async () => {
    const uid = newUid();
    const bodies = [add(), add(), add()];
    for (const body of bodies) await enqueue(uid, 'AddTransaction', body);
    const entries = await readEntries(uid);
    expect(entries.map((entry) => entry.body.commandId)).toEqual(bodies.map((body) => body.commandId));
    expect(entries.map((entry) => entry.seq)).toEqual([...entries.map((entry) => entry.seq)].sort((a, b) => a - b));
    expect(entries.every((entry) => entry.state === 'waiting' && entry.attempts === 0)).toBe(true);
  });

  it('takes out a waiting Add and what follows about its transaction when that transaction is deleted, and keeps no delete', async () => {
    const uid = newUid();
    const gone = uuidV7();
    const other = add();
    await enqueue(uid, 'AddTransaction', add(gone));
    await enqueue(uid, 'AddTransaction', other);
    await enqueue(uid, 'EditTransaction', { commandId: uuidV7(), transactionId: gone, changes: { note: 'lunch' } });
    const { entry, removed } = await enqueue(uid, 'DeleteTransaction', { commandId: uuidV7(), transactionId: gone });
    expect(entry).toBeNull();
    expect(removed.map((e) => e.name)).toEqual(['AddTransaction', 'EditTransaction']);
    expect((await readEntries(uid)).map((e) => e.body.commandId)).toEqual([other.commandId]);
  });

  it('takes out a refused Add when its transaction is deleted, sending nothing', async () => {
    const uid = newUid();
    const id = uuidV7();
    const { entry } = await enqueue(uid, 'AddTransaction', add(id));
    await markRejected(uid, entry?.seq ?? -1, {
      status: 404,
      code: 'not_found',
      messageId: 'error.not_found',
      fields: {},
      at: '2026-11-27T10:00:00.000Z',
    });
    const deleted = await enqueue(uid, 'DeleteTransaction', { commandId: uuidV7(), transactionId: id });
    expect(deleted.entry).toBeNull();
    expect(await readEntries(uid)).toEqual([]);
  });

  it('queues the delete when the Add is already on its way (it may have reached the server)', async () => {
    const uid = newUid();
    const id = uuidV7();
    const { entry } = await enqueue(uid, 'AddTransaction', add(id));
    await markSending(uid, entry?.seq ?? -1);
    await enqueue(uid, 'DeleteTransaction', { commandId: uuidV7(), transactionId: id });
    expect((await readEntries(uid)).map((e) => e.name)).toEqual(['AddTransaction', 'DeleteTransaction']);
  });

  it('sends an edit without baseRevision when an earlier entry about the same transaction is not sent yet', async () => {
    const uid = newUid();
    const pending = uuidV7();
    const synced = uuidV7();
    await enqueue(uid, 'AddTransaction', add(pending));
    await enqueue(uid, 'EditTransaction', {
      commandId: uuidV7(),
      transactionId: pending,
      baseRevision: 0,
      changes: { note: 'on my change' },
    });
    await enqueue(uid, 'EditTransaction', {
      commandId: uuidV7(),
      transactionId: synced,
      baseRevision: 4,
      changes: { note: 'on the server’s' },
    });
    const [, onPending, onSynced] = await readEntries(uid);
    expect(onPending?.body).not.toHaveProperty('baseRevision');
    expect(onSynced?.body).toMatchObject({ baseRevision: 4 });
  });
});

describe('outbox engine', () => {
  it('sends waiting entries oldest first and removes each once accepted', async () => {
    const uid = newUid();
    const server = fakeServer();
    const bodies = [add(), add(), add()];
    for (const body of bodies) await enqueue(uid, 'AddTransaction', body);

    const report = await engineFor(uid, server).flush();

    expect(report).toEqual({ accepted: 3, rejected: 0, stopped: null });
    expect(server.requests.map((r) => r.commandId)).toEqual(bodies.map((body) => body.commandId));
    expect(await readEntries(uid)).toEqual([]);
  });

  it('keeps an entry across a reload: a new engine on the same database sends it', async () => {
    const uid = newUid();
    const offline = fakeServer(['unreachable']);
    const body = add();
    await enqueue(uid, 'AddTransaction', body);
    await engineFor(uid, offline).flush();
    expect(await readEntries(uid)).toHaveLength(1);

    const server = fakeServer();
    await engineFor(uid, server).flush();
    expect([...server.applied.keys()]).toEqual([body.commandId]);
    expect(await readEntries(uid)).toEqual([]);
  });

  it('sends a command whose answer was lost again with the same commandId, and the server applies it once', async () => {
    const uid = newUid();
    const server = fakeServer(['lose-answer']);
    const body = add();
    await enqueue(uid, 'AddTransaction', body);
    const engine = engineFor(uid, server);

    expect((await engine.flush()).stopped).toBe('transient');
    const [kept] = await readEntries(uid);
    expect(kept).toMatchObject({ state: 'waiting', attempts: 1 });
    await engine.kick();

    expect(server.requests.map((r) => r.commandId)).toEqual([body.commandId, body.commandId]);
    expect(server.applied.size).toBe(1);
    expect(await readEntries(uid)).toEqual([]);
  });

  it('keeps a refused entry with the reason and goes on with the next ones', async () => {
    const uid = newUid();
    const server = fakeServer(['apply', { status: 400, code: 'validation_failed' }, 'apply']);
    const bodies = [add(), add(uuidV7(), -5), add()];
    for (const body of bodies) await enqueue(uid, 'AddTransaction', body);

    const report = await engineFor(uid, server).flush();

    expect(report).toEqual({ accepted: 2, rejected: 1, stopped: null });
    const left = await readEntries(uid);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      state: 'rejected',
      body: { commandId: bodies[1]?.commandId },
      rejection: {
        status: 400,
        code: 'validation_failed',
        messageId: 'error.validation_failed',
        fields: { 'amount.amount': 'amount_not_positive' },
        at: '2026-11-27T10:00:00.000Z',
      },
    });
    // A rejected entry is not sent again by later flushes.
    await engineFor(uid, server).flush();
    expect(server.requests).toHaveLength(3);
  });

  it.each([
    ['no answer', 'unreachable'],
    ['a timeout (408)', { status: 408, code: 'validation_failed' }],
    ['a rate limit (429)', { status: 429, code: 'rate_limited' }],
    ['a server error (500)', { status: 500, code: 'internal' }],
    ['an unavailable server (503)', { status: 503, code: 'internal' }],
    ['a concurrent write (409 conflict)', { status: 409, code: 'conflict' }],
  ] as [string, Answer][])('stops and keeps the entry waiting on %s', async (_label, answer) => {
    const uid = newUid();
    const server = fakeServer([answer]);
    await enqueue(uid, 'AddTransaction', add());
    await enqueue(uid, 'AddTransaction', add());

    const report = await engineFor(uid, server).flush();

    expect(report.stopped).toBe('transient');
    expect(server.requests).toHaveLength(1);
    expect((await readEntries(uid)).map((e) => [e.state, e.attempts])).toEqual([
      ['waiting', 1],
      ['waiting', 0],
    ]);
  });

  it.each([
    ['a changed transaction (409 transaction_changed)', { status: 409, code: 'transaction_changed' }],
    ['a deleted category (404)', { status: 404, code: 'not_found' }],
    ['a forbidden command (403)', { status: 403, code: 'forbidden' }],
  ] as [string, Answer][])('refuses on %s', async (_label, answer) => {
    const uid = newUid();
    await enqueue(uid, 'AddTransaction', add());
    const report = await engineFor(uid, fakeServer([answer])).flush();
    expect(report.rejected).toBe(1);
    expect((await readEntries(uid))[0]?.state).toBe('rejected');
  });

  it('stops on an ended session (401) and keeps the entry waiting for the next sign-in', async () => {
    const uid = newUid();
    const server = fakeServer([{ status: 401, code: 'unauthenticated' }]);
    await enqueue(uid, 'AddTransaction', add());
    await enqueue(uid, 'AddTransaction', add());
    const report = await engineFor(uid, server).flush();
    expect(report.stopped).toBe('session-ended');
    expect(server.requests).toHaveLength(1);
    expect((await readEntries(uid)).map((e) => e.state)).toEqual(['waiting', 'waiting']);
  });

  it('waits 2 s, then twice as long after each unanswered try, up to 5 minutes, and the server’s Retry-After when longer', async () => {
    expect([1, 2, 3, 4, 8, 9, 20].map(backoffMs)).toEqual([2000, 4000, 8000, 16000, 256000, 300000, 300000]);
    const uid = newUid();
    const clock = fakeTimers();
    const server = fakeServer([
      'unreachable',
      'unreachable',
      { status: 429, code: 'rate_limited', retryAfterSeconds: 60 },
    ]);
    await enqueue(uid, 'AddTransaction', add());
    const engine = engineFor(uid, server, { timers: clock.timers });

    await engine.flush();
    expect(clock.pending()).toEqual([2000]);
    await engine.flush();
    expect(clock.pending()).toEqual([4000]);
    await engine.flush();
    expect(clock.pending()).toEqual([60000]);
    expect(engine.retryInMs).toBe(60000);
  });

  it('tries again when its pause is over', async () => {
    const uid = newUid();
    const clock = fakeTimers();
    const server = fakeServer(['unreachable']);
    await enqueue(uid, 'AddTransaction', add());
    const engine = engineFor(uid, server, { timers: clock.timers });
    await engine.flush();

    clock.fire();
    await engine.flush();
    expect(server.requests).toHaveLength(2);
    expect(await readEntries(uid)).toEqual([]);
    expect(clock.pending()).toEqual([]);
  });

  it('forgets its backoff when the network comes back (kick) and after a flush that sent everything', async () => {
    const uid = newUid();
    const clock = fakeTimers();
    const server = fakeServer(['unreachable', 'unreachable', 'unreachable', 'unreachable']);
    await enqueue(uid, 'AddTransaction', add());
    const engine = engineFor(uid, server, { timers: clock.timers });
    await engine.flush();
    await engine.flush();
    await engine.flush();
    expect(clock.pending()).toEqual([8000]);

    await engine.kick();
    expect(clock.pending()).toEqual([2000]);
    await engine.flush();
    expect(engine.retryInMs).toBeNull();
    expect(clock.pending()).toEqual([]);
  });

  it('sends again an entry found `sending` (its tab was closed mid-request) with the same commandId, applied once', async () => {
    const uid = newUid();
    const server = fakeServer();
    const body = add();
    const { entry } = await enqueue(uid, 'AddTransaction', body);
    // The closed tab's request had reached the server.
    await server.send({ ...(entry as AnyOutboxEntry) });
    await markSending(uid, entry?.seq ?? -1);

    await engineFor(uid, server).flush();

    expect(server.requests.map((r) => r.commandId)).toEqual([body.commandId, body.commandId]);
    expect(server.applied.size).toBe(1);
    expect(await readEntries(uid)).toEqual([]);
  });

  it('keeps a correction made while the old command was on its way, and sends it after', async () => {
    const uid = newUid();
    const server = fakeServer();
    const wrong = add();
    const { entry } = await enqueue(uid, 'AddTransaction', wrong);
    const seq = entry?.seq ?? -1;
    const engine = engineFor(uid, server);
    const release = server.hold();
    const flushed = engine.flush();
    await expect.poll(() => server.requests.length).toBe(1);
    const corrected = { ...wrong, commandId: uuidV7(), amount: { amount: 1700, currency: 'THB' as const } };
    await replaceEntry(uid, seq, 'AddTransaction', corrected);
    release();
    await flushed;

    expect(server.requests.map((r) => r.commandId)).toEqual([wrong.commandId, corrected.commandId]);
    expect(await readEntries(uid)).toEqual([]);
  });

  it('marks an entry `sending` while its request is on its way', async () => {
    const uid = newUid();
    const server = fakeServer();
    await enqueue(uid, 'AddTransaction', add());
    const release = server.hold();
    const flushed = engineFor(uid, server).flush();
    await expect.poll(() => server.requests.length).toBe(1);
    expect((await readEntries(uid))[0]?.state).toBe('sending');
    release();
    await flushed;
    expect(await readEntries(uid)).toEqual([]);
  });

  it('sends each command once when two tabs flush at the same time (one lock per user)', async () => {
    const uid = newUid();
    const server = fakeServer();
    const locks: LockManagerLike = inPageLocks();
    const bodies = [add(), add(), add(), add()];
    for (const body of bodies) await enqueue(uid, 'AddTransaction', body);

    const [first, second] = await Promise.all([
      engineFor(uid, server, { locks }).flush(),
      engineFor(uid, server, { locks }).flush(),
    ]);

    expect((first?.accepted ?? 0) + (second?.accepted ?? 0)).toBe(4);
    expect(server.requests.map((r) => r.commandId)).toEqual(bodies.map((body) => body.commandId));
  });

  it('runs one flush after another in one tab, the second seeing what came meanwhile', async () => {
    const uid = newUid();
    const server = fakeServer();
    await enqueue(uid, 'AddTransaction', add());
    const engine = engineFor(uid, server);
    const release = server.hold();
    const first = engine.flush();
    await expect.poll(() => server.requests.length).toBe(1);
    const late = add();
    await enqueue(uid, 'AddTransaction', late);
    const second = engine.flush();
    release();
    await Promise.all([first, second]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.commandId).toBe(late.commandId);
  });

  it('answers a caller waiting for its entry: accepted, refused (and taken out), or still queued', async () => {
    const uid = newUid();
    const server = fakeServer(['apply', { status: 400, code: 'validation_failed' }, 'unreachable']);
    const engine = engineFor(uid, server);
    const accepted = await enqueue(uid, 'AddTransaction', add());
    expect(await engine.sendAndWait(accepted.entry?.seq ?? -1)).toMatchObject({ kind: 'accepted' });

    const refused = await enqueue(uid, 'AddTransaction', add());
    const fate = await engine.sendAndWait(refused.entry?.seq ?? -1);
    expect(fate).toMatchObject({ kind: 'refused', error: { code: 'validation_failed' } });
    expect(await readEntries(uid)).toEqual([]);

    const lost = await enqueue(uid, 'AddTransaction', add());
    expect(await engine.sendAndWait(lost.entry?.seq ?? -1)).toEqual({ kind: 'queued' });
    expect(await readEntries(uid)).toHaveLength(1);
  });

  it('does not send an entry behind an earlier one that got no answer', async () => {
    const uid = newUid();
    const server = fakeServer(['unreachable']);
    await enqueue(uid, 'AddTransaction', add());
    const mine = await enqueue(uid, 'AddTransaction', add());
    const fate = await engineFor(uid, server).sendAndWait(mine.entry?.seq ?? -1);
    expect(fate).toEqual({ kind: 'queued' });
    expect(server.requests).toHaveLength(1);
  });

  it('says it is syncing only while there is something to send', async () => {
    const uid = newUid();
    const states: [boolean, string | null][] = [];
    const engine = engineFor(uid, fakeServer(), { syncing: (busy, syncedAt) => states.push([busy, syncedAt]) });
    await engine.flush();
    expect(states).toEqual([]);
    await enqueue(uid, 'AddTransaction', add());
    await engine.flush();
    expect(states).toEqual([
      [true, null],
      [false, '2026-11-27T10:00:00.000Z'],
    ]);
  });

  it('does not try while the browser says it is offline', async () => {
    const uid = newUid();
    const server = fakeServer();
    await enqueue(uid, 'AddTransaction', add());
    const report = await engineFor(uid, server, { online: () => false }).flush();
    expect(report.stopped).toBe('offline');
    expect(server.requests).toEqual([]);
  });

  it('stops cleanly when the user’s data is wiped while it sends', async () => {
    const uid = newUid();
    const server = fakeServer();
    await enqueue(uid, 'AddTransaction', add());
    await enqueue(uid, 'AddTransaction', add());
    const engine = engineFor(uid, server);
    const release = server.hold();
    const flushed = engine.flush();
    await expect.poll(() => server.requests.length).toBe(1);
    engine.stop();
    await deleteUserDb(uid);
    release();

    expect((await flushed).stopped).toBe('gone');
    expect(server.requests).toHaveLength(1);
    const names = (await indexedDB.databases()).map((db) => db.name);
    expect(names).not.toContain(`plenty-user-${uid}`);
  });
});

describe('outbox under attack', () => {
  it('does not send an entry twice when "send anyway" comes while another tab is sending it', async () => {
    const uid = newUid();
    const server = fakeServer();
    const { entry } = await enqueue(uid, 'AddTransaction', add());
    const seq = entry?.seq ?? -1;
    const release = server.hold();
    const flushed = engineFor(uid, server).flush();
    await expect.poll(() => server.requests.length).toBe(1);
    // A second tab still shows the entry as refused and presses "send anyway".
    expect(await resendEntry(uid, seq)).toBeNull();
    release();
    await flushed;

    expect(server.requests).toHaveLength(1);
    expect(server.applied.size).toBe(1);
    expect(await readEntries(uid)).toEqual([]);
  });

  it('queues the delete of an add that was sent without an answer (it may be on the server), and both go once', async () => {
    const uid = newUid();
    const server = fakeServer(['lose-answer']);
    const body = add();
    await enqueue(uid, 'AddTransaction', body);
    const engine = engineFor(uid, server);
    expect((await engine.flush()).stopped).toBe('transient');

    const { entry } = await enqueue(uid, 'DeleteTransaction', {
      commandId: uuidV7(),
      transactionId: body.transactionId,
    });
    expect(entry?.name).toBe('DeleteTransaction');
    await engine.kick();

    expect([...server.applied.values()].map((command) => command.name)).toEqual([
      'AddTransaction',
      'DeleteTransaction',
    ]);
    expect(await readEntries(uid)).toEqual([]);
  });

  it('does not let a discard take out an entry another tab is sending (it may reach the server anyway)', async () => {
    const uid = newUid();
    const server = fakeServer();
    const { entry } = await enqueue(uid, 'AddTransaction', add());
    const seq = entry?.seq ?? -1;
    const release = server.hold();
    const flushed = engineFor(uid, server).flush();
    await expect.poll(() => server.requests.length).toBe(1);
    expect(await discardEntry(uid, seq)).toBeNull();
    expect(await readEntries(uid)).toHaveLength(1);
    release();
    await flushed;
    expect(await readEntries(uid)).toEqual([]);
    const { entry: waiting } = await enqueue(uid, 'AddTransaction', add());
    expect(await discardEntry(uid, waiting?.seq ?? -1)).toMatchObject({ seq: waiting?.seq });
    expect(await readEntries(uid)).toEqual([]);
  });

  it('sends again with the same commandId an entry discarded and brought back while another tab sent it', async () => {
    const uid = newUid();
    const server = fakeServer();
    const body = add();
    const { entry } = await enqueue(uid, 'AddTransaction', body);
    const release = server.hold();
    const flushed = engineFor(uid, server).flush();
    await expect.poll(() => server.requests.length).toBe(1);
    const [discarded] = await readEntries(uid);
    await restoreEntry(uid, { ...(discarded ?? (entry as AnyOutboxEntry)), state: 'waiting' });
    release();
    await flushed;
    await engineFor(uid, server).flush();

    expect(server.applied.size).toBe(1);
    expect(new Set(server.requests.map((r) => r.commandId))).toEqual(new Set([body.commandId]));
  });

  it('sends a correction of an add that reached the server meanwhile as an edit of that transaction', async () => {
    const uid = newUid();
    const server = fakeServer();
    const wrong = add();
    const { entry } = await enqueue(uid, 'AddTransaction', wrong);
    const release = server.hold();
    const flushed = engineFor(uid, server).flush();
    await expect.poll(() => server.requests.length).toBe(1);
    const corrected = {
      ...wrong,
      commandId: uuidV7(),
      amount: { amount: 1700, currency: 'THB' as const },
      note: 'Taxi',
    };
    await replaceEntry(uid, entry?.seq ?? -1, 'AddTransaction', corrected);
    release();
    await flushed;

    expect(server.requests.map((r) => r.name)).toEqual(['AddTransaction', 'EditTransaction']);
    const edit = server.applied.get(corrected.commandId)?.body as CommandRequest<'EditTransaction'>;
    expect(edit.transactionId).toBe(wrong.transactionId);
    expect(edit.changes).toMatchObject({
      amount: { amount: 1700, currency: 'THB' },
      note: 'Taxi',
      time: null,
      tags: null,
    });
    expect(await readEntries(uid)).toEqual([]);
  });

  it('turns an add refused because its transaction exists (an earlier version got through unanswered) into an edit', async () => {
    const uid = newUid();
    const server = fakeServer([{ status: 409, code: 'transaction_exists' }, 'apply']);
    const body = add();
    await enqueue(uid, 'AddTransaction', body);
    const report = await engineFor(uid, server).flush();

    expect(report).toEqual({ accepted: 1, rejected: 0, stopped: null });
    expect(server.requests.map((r) => r.name)).toEqual(['AddTransaction', 'EditTransaction']);
    expect(server.requests[1]?.commandId).not.toBe(body.commandId);
    expect(await readEntries(uid)).toEqual([]);
  });

  it('marks refused an entry edited on the device into something it cannot send, and sends the next ones', async () => {
    const uid = newUid();
    const server = fakeServer();
    await enqueue(uid, 'AddTransaction', add());
    const { entry } = await enqueue(uid, 'AddTransaction', add());
    // Changed by hand in the browser's tools: a command that does not exist, a body that is gone.
    const edited = (change: object) => ({ ...(entry as AnyOutboxEntry), ...change }) as unknown as AnyOutboxEntry;
    await restoreEntry(uid, edited({ name: 'DropEverything' }));
    await restoreEntry(uid, edited({ seq: 99, body: null }));
    await enqueue(uid, 'AddTransaction', add());
    const sendKnown = async (sent: AnyOutboxEntry): Promise<SendOutcome> => {
      if ((sent.name as string) === 'DropEverything') throw new TypeError('no such endpoint');
      return server.send(sent);
    };

    const report = await engineFor(uid, server, { send: sendKnown }).flush();

    expect(report).toEqual({ accepted: 2, rejected: 2, stopped: null });
    const left = await readEntries(uid);
    expect(left.map((e) => [e.state, e.rejection?.code])).toEqual([
      ['rejected', 'unknown_command'],
      ['rejected', 'unknown_command'],
    ]);
  });

  it('keeps to the server’s Retry-After while entries go through, instead of a pause that grows to minutes', async () => {
    const uid = newUid();
    const clock = fakeTimers();
    const limited = { status: 429, code: 'rate_limited' as const, retryAfterSeconds: 10 };
    const script: Answer[] = [];
    for (let round = 0; round < 8; round += 1) script.push('apply', limited);
    const server = fakeServer(script);
    for (let n = 0; n < 10; n += 1) await enqueue(uid, 'AddTransaction', add());
    const engine = engineFor(uid, server, { timers: clock.timers });

    await engine.flush();
    const pauses: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      pauses.push(...clock.pending());
      clock.fire();
      await engine.flush();
    }
    expect(pauses).toEqual(Array.from({ length: 7 }, () => 10_000));
    expect(server.applied.size).toBe(8);
  });
});
