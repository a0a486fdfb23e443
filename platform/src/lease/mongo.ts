import type { Collection, Db } from 'mongodb';
import type { LeaseStore } from './port.js';

interface LeaseDocument {
  _id: string;
  owner: string;
  expiresAt: Date;
}

const DUPLICATE_KEY = 11000;

/** The filter that matches a lease this owner may take: its own, or one that expired. */
export function takeableLease(name: string, owner: string, now: Date): Record<string, unknown> {
  return { _id: name, $or: [{ owner }, { expiresAt: { $lt: now } }] };
}

/**
 * Leases in the `leases` collection. Taking one is a single upsert whose filter matches only
 * a free or own lease; when another owner holds it, the upsert collides on _id and fails.
 */
export function mongoLeaseStore(db: Pick<Db, 'collection'>, now: () => Date = () => new Date()): LeaseStore {
  const leases: Collection<LeaseDocument> = db.collection<LeaseDocument>('leases');
  return {
    async acquire(name, owner, ttlMs) {
      const at = now();
      try {
        await leases.updateOne(
          takeableLease(name, owner, at),
          { $set: { owner, expiresAt: new Date(at.getTime() + ttlMs) } },
          { upsert: true },
        );
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false;
        throw error;
      }
    },
    async release(name, owner) {
      await leases.deleteOne({ _id: name, owner });
    },
  };
}
