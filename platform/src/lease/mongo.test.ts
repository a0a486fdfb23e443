import { describe, expect, it } from 'vitest';
import type { Db } from 'mongodb';
import { mongoLeaseStore } from './mongo.js';

interface Lease {
  _id: string;
  owner: string;
  expiresAt: Date;
}

/** Just enough of a collection to follow the upsert's rules: a filter that misses inserts, and _id is unique. */
function fakeDb(): Pick<Db, 'collection'> {
  const leases = new Map<string, Lease>();
  const matches = (lease: Lease, filter: { _id: string; $or: [{ owner: string }, { expiresAt: { $lt: Date } }] }) =>
    lease.owner === filter.$or[0].owner || lease.expiresAt < filter.$or[1].expiresAt.$lt;
  const collection = {
    async updateOne(
      filter: { _id: string; $or: [{ owner: string }, { expiresAt: { $lt: Date } }] },
      update: { $set: { owner: string; expiresAt: Date } },
    ) {
      const existing = leases.get(filter._id);
      if (existing !== undefined && !matches(existing, filter)) {
        throw Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });
      }
      leases.set(filter._id, { _id: filter._id, ...update.$set });
      return { acknowledged: true };
    },
    async deleteOne(filter: { _id: string; owner: string }) {
      if (leases.get(filter._id)?.owner === filter.owner) leases.delete(filter._id);
      return { acknowledged: true };
    },
  };
  return { collection: () => collection } as unknown as Pick<Db, 'collection'>;
}

describe('Mongo lease', () => {
  it('is held by one owner at a time until it expires or is released', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const store = mongoLeaseStore(fakeDb(), () => now);
    expect(await store.acquire('relay', 'a', 10_000)).toBe(true);
    expect(await store.acquire('relay', 'b', 10_000)).toBe(false);
    expect(await store.acquire('relay', 'a', 10_000)).toBe(true);
    now = new Date(now.getTime() + 10_001);
    expect(await store.acquire('relay', 'b', 10_000)).toBe(true);
    expect(await store.acquire('relay', 'a', 10_000)).toBe(false);
    await store.release('relay', 'a');
    expect(await store.acquire('relay', 'a', 10_000)).toBe(false);
    await store.release('relay', 'b');
    expect(await store.acquire('relay', 'a', 10_000)).toBe(true);
  });
});
