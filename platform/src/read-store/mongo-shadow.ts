import type { Db, MongoClient } from 'mongodb';
import { CHECKPOINTS, collectionName, transactionOptions, type CheckpointRecord } from './mongo-records.js';
import { SHADOW_TAG, type Promotion } from './port.js';

/*
 * Shadow copies of views in MongoDB (`view_<name>__<tag>` collections), built beside the live
 * ones by a rebuild and promoted over them when complete.
 */

/** The names of every view collection, live and shadow. */
export async function viewCollections(db: Db): Promise<string[]> {
  const collections = await db.listCollections({}, { nameOnly: true }).toArray();
  return collections.map((c) => c.name).filter((name) => name.startsWith('view_'));
}

/**
 * MongoDB cannot rename collections inside a transaction, so a promotion is three steps:
 * (1) the shadow's checkpoint is removed, so from here on the shadow is never resumed;
 * (2) each shadow collection is renamed over its live one (`renameCollection` with
 * `dropTarget`): atomic per collection, a reader sees the old collection or the new one,
 * but between two renames the views of the group come from different builds; (3) the
 * records are written in one transaction. A crash before (3) leaves the records as they
 * were, so the projections still count as stale and are rebuilt from scratch again; the
 * collections already renamed hold a complete newer build meanwhile.
 */
export async function promoteShadow(db: Db, client: MongoClient, promotion: Promotion): Promise<void> {
  const { tag, views } = promotion;
  if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
  const checkpoints = db.collection<CheckpointRecord>(CHECKPOINTS);
  const existing = new Set(await viewCollections(db));
  for (const view of views) {
    if (!existing.has(collectionName(view.name, tag))) throw new Error(`no shadow copy of ${view.name} under ${tag}`);
  }
  await checkpoints.deleteOne({ _id: promotion.shadowCheckpoint }, { writeConcern: { w: 'majority' } });
  for (const view of views) {
    await db.renameCollection(collectionName(view.name, tag), collectionName(view.name), { dropTarget: true });
  }
  const session = client.startSession();
  try {
    await session.withTransaction(async (s) => {
      for (const [name, value] of Object.entries(promotion.records)) {
        await checkpoints.updateOne(
          { _id: name },
          { $set: { position: value, updatedAt: new Date() } },
          { upsert: true, session: s },
        );
      }
    }, transactionOptions(false));
  } finally {
    await session.endSession();
  }
}

/** Drops a shadow's collections and, when named, its checkpoint. */
export async function dropShadow(db: Db, tag: string, checkpointName?: string): Promise<void> {
  if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
  if (checkpointName !== undefined)
    await db.collection<CheckpointRecord>(CHECKPOINTS).deleteOne({ _id: checkpointName });
  for (const name of await viewCollections(db)) {
    if (name.endsWith(`__${tag}`)) await db.collection(name).drop();
  }
}

/** The tags of the shadows present, sorted. */
export async function shadowTags(db: Db): Promise<string[]> {
  const tags = (await viewCollections(db))
    .map((name) => /__([a-z0-9]{1,16})$/.exec(name)?.[1])
    .filter((tag): tag is string => tag !== undefined);
  return [...new Set(tags)].sort();
}
