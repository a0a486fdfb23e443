import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  answerKey,
  closeDeviceCopy,
  forgetAnswers,
  MAX_ANSWER_SIZE,
  MAX_ANSWERS,
  readAnswer,
  reopenDeviceCopy,
  saveAnswer,
  signedInUid,
  type SavedAnswer,
} from './answers';
import { inTransaction, request, storedUserIds } from './db';

let users = 0;
const newUser = () => `answers-user-${(users += 1)}`;

const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 8, 0, second)).toISOString();
const answer = (key: string, data: unknown, second = 0): SavedAnswer => ({
  key,
  data,
  savedAt: at(second),
  position: null,
});

const count = (uid: string) =>
  inTransaction(uid, 'answers', 'readonly', (tx) => request(tx.objectStore('answers').count()));

describe('the key of an answer on the device', () => {
  it('is the address with its parameters sorted by name, wherever they were given', () => {
    expect(answerKey({ url: 'queries/transactions?sort=newest&limit=200' })).toBe(
      'queries/transactions?limit=200&sort=newest',
    );
    expect(answerKey({ url: 'queries/transactions?sort=newest', params: { limit: 200, cursor: undefined } })).toBe(
      'queries/transactions?limit=200&sort=newest',
    );
  });

  it('is the bare path without parameters', () => {
    expect(answerKey({ url: 'queries/categories' })).toBe('queries/categories');
  });

  it('tells requests other than GET apart by method and body', () => {
    const search = answerKey({ url: 'queries/search', method: 'post', body: { q: 'rice' } });
    expect(search).toBe('POST queries/search {"q":"rice"}');
    expect(search).not.toBe(answerKey({ url: 'queries/search', method: 'POST', body: { q: 'fish' } }));
    expect(search).not.toBe(answerKey({ url: 'queries/search' }));
  });
});

describe('the device copy of answers', () => {
  it('gives back what was saved, for that user only', async () => {
    const alice = newUser();
    const bob = newUser();
    await saveAnswer(alice, { key: 'queries/goals', data: { items: [1] }, savedAt: at(5), position: '42' });
    expect(await readAnswer(alice, 'queries/goals')).toEqual({
      key: 'queries/goals',
      data: { items: [1] },
      savedAt: at(5),
      position: '42',
    });
    expect(await readAnswer(bob, 'queries/goals')).toBeNull();
    expect(await storedUserIds()).toEqual(expect.arrayContaining([alice, bob]));
  });

  it('does not keep an answer larger than 2 MB', async () => {
    const uid = newUser();
    const huge = { text: 'x'.repeat(MAX_ANSWER_SIZE) };
    expect(await saveAnswer(uid, answer('queries/huge', huge))).toBe(false);
    expect(await readAnswer(uid, 'queries/huge')).toBeNull();
    expect(await saveAnswer(uid, answer('queries/small', { text: 'x'.repeat(1000) }))).toBe(true);
  });

  it(`keeps at most ${MAX_ANSWERS} answers, dropping the least recently saved`, async () => {
    const uid = newUser();
    await inTransaction(uid, 'answers', 'readwrite', (tx) => {
      const store = tx.objectStore('answers');
      // Saved in another order than their times, so the drop goes by savedAt, not by key or order.
      for (let index = MAX_ANSWERS - 1; index >= 0; index -= 1) store.put(answer(`q/${index}`, index, index + 10));
    });
    expect(await count(uid)).toBe(MAX_ANSWERS);
    await saveAnswer(uid, answer('q/newest', 'n', 9000));
    await saveAnswer(uid, answer('q/3', 'again', 9001));
    await saveAnswer(uid, answer('q/another', 'a', 9002));
    expect(await count(uid)).toBe(MAX_ANSWERS);
    expect(await readAnswer(uid, 'q/0')).toBeNull();
    expect(await readAnswer(uid, 'q/1')).toBeNull();
    expect(await readAnswer(uid, 'q/2')).not.toBeNull();
    expect((await readAnswer(uid, 'q/3'))?.data).toBe('again');
    expect(await readAnswer(uid, 'q/newest')).not.toBeNull();
  });

  it('neither reads nor writes a closed copy until its user signs in again', async () => {
    const uid = newUser();
    await saveAnswer(uid, answer('queries/debts', 'before'));
    closeDeviceCopy(uid);
    expect(await saveAnswer(uid, answer('queries/debts', 'while closed'))).toBe(false);
    expect(await readAnswer(uid, 'queries/debts')).toBeNull();
    reopenDeviceCopy(uid);
    expect((await readAnswer(uid, 'queries/debts'))?.data).toBe('before');
  });

  it('forgets the answers and meta but keeps the outbox when a session is revoked', async () => {
    const uid = newUser();
    await saveAnswer(uid, answer('queries/dashboard', { month: '2026-11' }));
    await inTransaction(uid, ['outbox', 'meta'], 'readwrite', (tx) => {
      tx.objectStore('outbox').add({ name: 'AddTransaction', body: { commandId: 'c1' } });
      tx.objectStore('meta').put('2026-11-27', 'warmedAt');
    });
    await forgetAnswers(uid);
    expect(await count(uid)).toBe(0);
    const left = await inTransaction(uid, ['outbox', 'meta'], 'readonly', async (tx) => ({
      outbox: await request(tx.objectStore('outbox').count()),
      meta: await request(tx.objectStore('meta').count()),
    }));
    expect(left).toEqual({ outbox: 1, meta: 0 });
  });
});

describe('whose answers are kept', () => {
  it('is the signed-in user with a verified address, nobody else', () => {
    const user = { uid: 'u1', email: 'a@b.c', displayName: null, emailVerified: true };
    expect(signedInUid({ auth: { status: 'signed-in', user } })).toBe('u1');
    expect(signedInUid({ auth: { status: 'unverified', user: { ...user, emailVerified: false } } })).toBeNull();
    expect(signedInUid({ auth: { status: 'guest', user: null } })).toBeNull();
    expect(signedInUid({})).toBeNull();
  });
});
