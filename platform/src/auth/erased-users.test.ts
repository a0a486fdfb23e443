import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import type { ReadStreamOptions, RecordedEvent } from '../event-store/port.js';
import { cachedTokenVerifier } from './cached-verifier.js';
import { ErasureRecord, refuseErasedUsers } from './erased-users.js';
import { InvalidTokenError, type TokenVerifier } from './port.js';

/** The erasure record as the event store holds it, shared by every instance. */
function fakeRecord() {
  const events: RecordedEvent[] = [];
  const reads: (number | undefined)[] = [];
  let failing = false;
  const append = (type: 'AccountErasureStarted' | 'AccountErased', userId: string) => {
    events.push({
      id: `${type}-${userId}`,
      type,
      data: { userId },
      metadata: {
        userId,
        commandId: 'c',
        correlationId: 'c',
        occurredAt: '2026-11-23T10:00:00.000Z',
        schemaVersion: 1,
      },
      streamId: ACCOUNT_ERASURES_STREAM,
      revision: events.length,
      position: String(events.length + 1),
      recordedAt: '2026-11-23T10:00:00.000Z',
    });
  };
  const eventStore = {
    async readStream(streamId: string, options: ReadStreamOptions = {}) {
      reads.push(options.fromRevision);
      if (failing) throw new Error('event store unreachable');
      if (streamId !== ACCOUNT_ERASURES_STREAM) return [];
      return events.slice(options.fromRevision ?? 0);
    },
  };
  return {
    eventStore,
    reads,
    started: (userId: string) => append('AccountErasureStarted', userId),
    erased: (userId: string) => append('AccountErased', userId),
    fail: (value: boolean) => (failing = value),
  };
}

/** An identity provider that answers each token `<uid>.<n>` with that uid, counting its calls. */
function providerVerifier(clock: () => number) {
  const calls: string[] = [];
  const verifier: TokenVerifier = {
    async verify(token) {
      calls.push(token);
      const now = Math.floor(clock() / 1000);
      return { uid: token.split('.')[0] ?? '', email: null, emailVerified: true, expiresAt: now + 3600, authTime: now };
    },
  };
  return { verifier, calls };
}

/** One API instance: its own cache of tokens and its own reading of the record. */
function instance(record: ReturnType<typeof fakeRecord>, clock: () => number) {
  const provider = providerVerifier(clock);
  const erasures = new ErasureRecord(record.eventStore, { maxAgeMs: 2_000, maxStaleMs: 60_000, now: clock });
  const verifier = refuseErasedUsers(cachedTokenVerifier(provider.verifier, { now: clock }), erasures);
  return { verifier, erasures, calls: provider.calls };
}

describe('erased users on every instance', () => {
  it('are refused by another instance within the reading interval, cached tokens included', async () => {
    let clock = 1_800_000_000_000;
    const record = fakeRecord();
    const [first, second] = [instance(record, () => clock), instance(record, () => clock)];
    expect((await second.verifier.verify('leaving.1')).uid).toBe('leaving');
    expect((await second.verifier.verify('staying.1')).uid).toBe('staying');

    // The first instance erases the account: it marks the user itself, and the record says so.
    record.started('leaving');
    first.erasures.markErased('leaving');
    await expect(first.verifier.verify('leaving.1')).rejects.toBeInstanceOf(InvalidTokenError);
    // The second reads the record again once its reading is older than the interval.
    clock += 1_999;
    expect((await second.verifier.verify('leaving.1')).uid).toBe('leaving');
    clock += 1;
    await expect(second.verifier.verify('leaving.1')).rejects.toBeInstanceOf(InvalidTokenError);
    // Any token, older or newer, and a revocation check too.
    await expect(second.verifier.verify('leaving.2')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(second.verifier.verify('leaving.3', { checkRevoked: true })).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await second.verifier.verify('staying.1')).uid).toBe('staying');
    expect(second.calls).toEqual(['leaving.1', 'staying.1', 'leaving.2', 'leaving.3']);
  });

  it("makes the cached verifier forget the user's tokens", async () => {
    const clock = 1_800_000_000_000;
    const provider = providerVerifier(() => clock);
    const cache = cachedTokenVerifier(provider.verifier, { now: () => clock });
    await cache.verify('leaving.1');
    await cache.verify('leaving.2');
    await cache.verify('staying.1');
    const record = fakeRecord();
    const erasures = new ErasureRecord(record.eventStore, { now: () => clock });
    const verifier = refuseErasedUsers(cache, erasures);
    erasures.markErased('leaving');
    await expect(verifier.verify('leaving.1')).rejects.toBeInstanceOf(InvalidTokenError);
    // The first was answered from the cache; both of the user's tokens are gone from it now,
    // and the other user's token stays.
    await cache.verify('leaving.2');
    await cache.verify('staying.1');
    expect(provider.calls).toEqual(['leaving.1', 'leaving.2', 'staying.1', 'leaving.2']);
  });

  it('reads only the events after the last one read, and once for questions asked together', async () => {
    let clock = 0;
    const record = fakeRecord();
    record.started('a');
    record.erased('a');
    const erasures = new ErasureRecord(record.eventStore, { maxAgeMs: 2_000, now: () => clock });
    expect(await Promise.all([erasures.has('a'), erasures.has('b'), erasures.has('c')])).toEqual([true, false, false]);
    expect(record.reads).toEqual([0]);
    clock = 1_000;
    expect(await erasures.has('b')).toBe(false);
    expect(record.reads).toEqual([0]);
    record.started('b');
    clock = 2_000;
    expect(await erasures.has('b')).toBe(true);
    expect(await erasures.has('a')).toBe(true);
    expect(record.reads).toEqual([0, 2]);
  });

  it('answer from the last reading while the record cannot be read, then fail closed', async () => {
    let clock = 0;
    const record = fakeRecord();
    record.started('a');
    const erasures = new ErasureRecord(record.eventStore, { maxAgeMs: 2_000, maxStaleMs: 60_000, now: () => clock });
    expect(await erasures.has('b')).toBe(false);
    record.fail(true);
    clock = 30_000;
    expect(await erasures.has('b')).toBe(false);
    expect(await erasures.has('a')).toBe(true);
    clock = 60_001;
    await expect(erasures.has('b')).rejects.toThrow(/could not be read/);
    // Users known to be erased stay refused meanwhile.
    expect(await erasures.has('a')).toBe(true);
    record.fail(false);
    clock = 62_001;
    expect(await erasures.has('b')).toBe(false);
  });

  it('fail closed when the record was never read', async () => {
    const record = fakeRecord();
    record.fail(true);
    const erasures = new ErasureRecord(record.eventStore);
    await expect(erasures.has('b')).rejects.toThrow(/could not be read/);
  });
});
