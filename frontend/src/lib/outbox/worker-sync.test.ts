import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { CommandRequest } from '@plenty/contracts/commands/registry';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { inPageLocks } from './engine';
import { enqueue, readEntries, replaceEntry, resendEntry, restoreEntry, removeEntry, markRejected } from './queue';
import { readPosition } from './position';
import { saveToken, tokenExpiry, validToken } from './token';
import { EntriesLeftToSend, syncWithoutWindow } from './worker-sync';

let users = 0;
const newUid = () => `worker-user-${++users}`;

const NOW = new Date('2026-11-27T10:00:00.000Z');

/** A JWT-shaped token of user `sub` whose `exp` is `exp` (seconds); the signature is not read on the device. */
function token(exp: number, sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part({ sub, exp })}.signature`;
}
const inAnHour = Math.floor(NOW.getTime() / 1000) + 3600;
const anHourAgo = Math.floor(NOW.getTime() / 1000) - 3600;

const add = (): CommandRequest<'AddTransaction'> => ({
  commandId: uuidV7(),
  transactionId: uuidV7(),
  type: 'income',
  amount: { amount: 250000, currency: 'LAK' },
  categoryId: uuidV7(),
  date: '2026-11-26',
});

/** The command API behind `fetch`: applies each commandId once; `answers` scripts statuses (0: no answer). */
function fakeFetch(answers: number[] = []) {
  const requests: { url: string; authorization: string | null; commandId: string }[] = [];
  const applied = new Set<string>();
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { commandId: string };
    const headers = new Headers(init?.headers);
    requests.push({ url: String(input), authorization: headers.get('authorization'), commandId: body.commandId });
    const status = answers.shift() ?? 200;
    if (status === 0) throw new TypeError('Failed to fetch');
    if (status === 200) {
      applied.add(body.commandId);
      return Response.json({ streamId: 's', revision: 0, position: String(applied.size) });
    }
    return Response.json({ error: { code: status === 400 ? 'validation_failed' : 'internal' } }, { status });
  };
  return { fetch: fetchFn as typeof fetch, requests, applied };
}

describe('syncWithoutWindow', () => {
  it('sends each user’s waiting entries with the token their page saved, in order', async () => {
    const uid = newUid();
    const bodies = [add(), add()];
    for (const body of bodies) await enqueue(uid, 'AddTransaction', body);
    const saved = token(inAnHour, uid);
    await saveToken(uid, saved);
    const api = fakeFetch();
    const told: string[] = [];

    await syncWithoutWindow({
      fetch: api.fetch,
      baseUrl: 'https://plenty.test/api',
      now: () => NOW,
      userIds: async () => [uid],
      tell: (who) => told.push(who),
    });

    expect(api.requests.map((r) => r.commandId)).toEqual(bodies.map((body) => body.commandId));
    expect(api.requests[0]).toMatchObject({
      url: 'https://plenty.test/api/commands/AddTransaction',
      authorization: `Bearer ${saved}`,
    });
    expect(await readEntries(uid)).toEqual([]);
    expect(told).toContain(uid);
    // Pages wait for the worker's commands when they read again.
    expect(await readPosition(uid)).toBe('2');
  });

  it('sends nothing with an expired token: the entries wait for the next page to open', async () => {
    const uid = newUid();
    await enqueue(uid, 'AddTransaction', add());
    await saveToken(uid, token(anHourAgo, uid));
    const api = fakeFetch();

    await syncWithoutWindow({ fetch: api.fetch, now: () => NOW, userIds: async () => [uid], tell: () => undefined });

    expect(api.requests).toEqual([]);
    expect((await readEntries(uid)).map((e) => e.state)).toEqual(['waiting']);
  });

  it('sends nothing for a user who never saved a token', async () => {
    const uid = newUid();
    await enqueue(uid, 'AddTransaction', add());
    const api = fakeFetch();
    await syncWithoutWindow({ fetch: api.fetch, now: () => NOW, userIds: async () => [uid], tell: () => undefined });
    expect(api.requests).toEqual([]);
  });

  it('classifies as the pages do: a refusal is kept with its reason, no answer leaves the rest waiting', async () => {
    const uid = newUid();
    for (let i = 0; i < 3; i += 1) await enqueue(uid, 'AddTransaction', add());
    await saveToken(uid, token(inAnHour, uid));
    const api = fakeFetch([400, 0]);

    await expect(
      syncWithoutWindow({ fetch: api.fetch, now: () => NOW, userIds: async () => [uid], tell: () => undefined }),
    ).rejects.toBeInstanceOf(EntriesLeftToSend);

    expect((await readEntries(uid)).map((e) => [e.state, e.attempts, e.rejection?.code ?? null])).toEqual([
      ['rejected', 0, 'validation_failed'],
      ['waiting', 1, null],
      ['waiting', 0, null],
    ]);
  });

  it('waits for a page that holds the user’s lock, and then sends nothing the page already sent', async () => {
    const uid = newUid();
    await enqueue(uid, 'AddTransaction', add());
    await saveToken(uid, token(inAnHour, uid));
    const locks = inPageLocks();
    const api = fakeFetch();
    let releasePage = () => undefined as void;
    let held = () => undefined as void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const pageHolds = locks.request(`plenty-outbox-${uid}`, async () => {
      const released = new Promise<void>((resolve) => (releasePage = resolve));
      held();
      await released;
      // The page sent it meanwhile.
      const [entry] = await readEntries(uid);
      if (entry !== undefined) await removeEntry(uid, entry.seq);
    });
    await holding;
    const worker = syncWithoutWindow({
      fetch: api.fetch,
      now: () => NOW,
      userIds: async () => [uid],
      locks,
      tell: () => undefined,
    });
    await expect.poll(() => api.requests.length).toBe(0);
    releasePage();
    await Promise.all([pageHolds, worker]);
    expect(api.requests).toEqual([]);
  });
});

describe('saved token', () => {
  it('reads the expiry of a token and keeps it valid until a minute before', async () => {
    const uid = newUid();
    expect(tokenExpiry(token(inAnHour, uid))).toBe('2026-11-27T11:00:00.000Z');
    expect(tokenExpiry('not a token')).toBeNull();
    await saveToken(uid, token(inAnHour, uid));
    expect(await validToken(uid, NOW)).toBe(token(inAnHour, uid));
    expect(await validToken(uid, new Date('2026-11-27T10:59:30.000Z'))).toBeNull();
  });
});

describe('Background Sync trying again', () => {
  it('fails the sync (so the browser fires it again later) when an entry got no answer, after sending the other users’', async () => {
    const flaky = newUid();
    const other = newUid();
    await enqueue(flaky, 'AddTransaction', add());
    await enqueue(other, 'AddTransaction', add());
    await saveToken(flaky, token(inAnHour, flaky));
    await saveToken(other, token(inAnHour, other));
    const api = fakeFetch([0, 200]);

    const sync = syncWithoutWindow({ fetch: api.fetch, now: () => NOW, userIds: async () => [flaky, other] });

    await expect(sync).rejects.toBeInstanceOf(EntriesLeftToSend);
    expect(await readEntries(flaky)).toHaveLength(1);
    expect(await readEntries(other)).toEqual([]);
  });

  it('ends the sync well when what is left can only be refused, fixed or sent by a page (no retry would help)', async () => {
    const uid = newUid();
    const expired = newUid();
    await enqueue(uid, 'AddTransaction', add());
    await enqueue(expired, 'AddTransaction', add());
    await saveToken(uid, token(inAnHour, uid));
    await saveToken(expired, token(anHourAgo, expired));
    const api = fakeFetch([400]);

    await expect(
      syncWithoutWindow({ fetch: api.fetch, now: () => NOW, userIds: async () => [uid, expired] }),
    ).resolves.toBeUndefined();
  });
});

describe('the token under attack', () => {
  it('never keeps a token of another user in a user’s database, so the worker cannot send one user’s entries as another', async () => {
    const first = newUid();
    const second = newUid();
    await enqueue(first, 'AddTransaction', add());
    await saveToken(first, token(inAnHour, second));
    expect(await validToken(first, NOW)).toBeNull();
    const api = fakeFetch();
    await syncWithoutWindow({ fetch: api.fetch, now: () => NOW, userIds: async () => [first] });
    expect(api.requests).toEqual([]);
    expect(await readEntries(first)).toHaveLength(1);
  });

  it('stops sending when the saved token expires during a long sync, leaving the rest waiting', async () => {
    const uid = newUid();
    for (let n = 0; n < 3; n += 1) await enqueue(uid, 'AddTransaction', add());
    await saveToken(uid, token(inAnHour, uid));
    let clock = NOW;
    const api = fakeFetch();
    const slowFetch: typeof fetch = async (input, init) => {
      const answer = await api.fetch(input, init);
      // This answer took the rest of the token's hour.
      clock = new Date(NOW.getTime() + 3600_000);
      return answer;
    };

    await syncWithoutWindow({ fetch: slowFetch, now: () => clock, userIds: async () => [uid] });

    expect(api.requests).toHaveLength(1);
    expect((await readEntries(uid)).map((entry) => entry.state)).toEqual(['waiting', 'waiting']);
  });

  it('sends with the newer token a page saved while the worker was sending', async () => {
    const uid = newUid();
    for (let n = 0; n < 2; n += 1) await enqueue(uid, 'AddTransaction', add());
    const older = token(inAnHour, uid);
    const newer = token(inAnHour + 600, uid);
    await saveToken(uid, older);
    const api = fakeFetch();
    const refreshing: typeof fetch = async (input, init) => {
      const answer = await api.fetch(input, init);
      await saveToken(uid, newer);
      return answer;
    };

    await syncWithoutWindow({ fetch: refreshing, now: () => NOW, userIds: async () => [uid] });

    expect(api.requests.map((r) => r.authorization)).toEqual([`Bearer ${older}`, `Bearer ${newer}`]);
  });
});

describe('fixing entries', () => {
  it('sends a refused entry anyway with a new commandId, and an edit without its baseRevision', async () => {
    const uid = newUid();
    const edit: CommandRequest<'EditTransaction'> = {
      commandId: uuidV7(),
      transactionId: uuidV7(),
      baseRevision: 3,
      changes: { note: 'taxi' },
    };
    const { entry } = await enqueue(uid, 'EditTransaction', edit);
    const seq = entry?.seq ?? -1;
    await markRejected(uid, seq, {
      status: 409,
      code: 'transaction_changed',
      messageId: 'error.transaction_changed',
      fields: {},
      at: NOW.toISOString(),
    });

    const resent = await resendEntry(uid, seq);

    expect(resent).toMatchObject({ seq, state: 'waiting', rejection: null, body: { changes: { note: 'taxi' } } });
    expect(resent?.body.commandId).not.toBe(edit.commandId);
    expect(resent?.body).not.toHaveProperty('baseRevision');
  });

  it('replaces an entry in its place with the corrected command and a new commandId', async () => {
    const uid = newUid();
    const first = await enqueue(uid, 'AddTransaction', add());
    const wrong = add();
    const { entry } = await enqueue(uid, 'AddTransaction', wrong);
    await enqueue(uid, 'AddTransaction', add());
    const seq = entry?.seq ?? -1;

    await replaceEntry(uid, seq, 'AddTransaction', { ...wrong, amount: { amount: 300000, currency: 'LAK' } });

    const entries = await readEntries(uid);
    expect(entries.map((e) => e.seq)).toEqual([first.entry?.seq, seq, seq + 1]);
    expect(entries[1]).toMatchObject({ state: 'waiting', body: { amount: { amount: 300000 } } });
    expect(entries[1]?.body.commandId).not.toBe(wrong.commandId);
  });

  it('puts a discarded entry back in its place', async () => {
    const uid = newUid();
    await enqueue(uid, 'AddTransaction', add());
    const { entry } = await enqueue(uid, 'AddTransaction', add());
    await enqueue(uid, 'AddTransaction', add());
    const removed = await removeEntry(uid, entry?.seq ?? -1);
    expect(removed).not.toBeNull();
    if (removed !== null) await restoreEntry(uid, removed);
    expect((await readEntries(uid)).map((e) => e.body.commandId)[1]).toBe(entry?.body.commandId);
  });
});
