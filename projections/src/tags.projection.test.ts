import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAGS_VIEW, TAG_LINKS_VIEW } from '@plenty/contracts/views/registry';
import { tagKey, tagLinkDocSchema, tagViewSchema } from '@plenty/contracts/tags';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { eventLog, type EventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { projectionScratch } from './testing/scratch.js';
import { tagsProjection } from './tags.projection.js';
import { transactionsProjection } from './transactions.projection.js';

const projections = [transactionsProjection, tagsProjection];
const scratch = projectionScratch(projections);
const { given } = scratch;

const t1 = '0192f0c4-7a1b-7c3d-8e4f-0000000000a1';
const t2 = '0192f0c4-7a1b-7c3d-8e4f-0000000000a2';
const t3 = '0192f0c4-7a1b-7c3d-8e4f-0000000000a3';

const added = (id: string, tags: string[], date = '2026-11-20', userId = 'alice') =>
  scratch.log.transactionAdded(userId, id, { tags, date });
const edited = (id: string, changes: Record<string, unknown>) => scratch.log.transactionEdited('alice', id, changes);
const deleted = (id: string) => scratch.log.transactionDeleted('alice', id);
const renamed = (from: string, to: string, userId = 'alice') => scratch.log.profile(userId, 'TagRenamed', { from, to });
const tagDeleted = (tag: string) => scratch.log.profile('alice', 'TagDeleted', { tag });

/** The user's tags as the query reads them (the view's fields), in key order. */
async function tagsOf(userId = 'alice') {
  const docs = (await scratch.documents(TAGS_VIEW, userId)) as Record<string, unknown>[];
  return docs.map((doc) => tagViewSchema.parse(doc));
}
const linksOf = async (userId = 'alice') =>
  ((await scratch.documents(TAG_LINKS_VIEW, userId)) as unknown[]).map((doc) => tagLinkDocSchema.parse(doc));

const tag = (name: string, count: number, lastUsed: string | null) => ({ id: tagKey(name), name, count, lastUsed });

describe('tags projection', () => {
  it('keeps one tag per key with its first spelling, how many transactions carry it and the newest date', async () => {
    await given(
      added(t1, ['Trip', 'ງານແຕ່ງ'], '2026-11-02'),
      added(t2, ['trip'], '2026-11-20'),
      added(t3, ['TRIP'], '2026-11-10'),
      added('0192f0c4-7a1b-7c3d-8e4f-0000000000b1', ['Other user'], '2026-11-01', 'bob'),
    );
    expect(await tagsOf()).toEqual([tag('Trip', 3, '2026-11-20'), tag('ງານແຕ່ງ', 1, '2026-11-02')]);
    expect(await tagsOf('bob')).toEqual([tag('Other user', 1, '2026-11-01')]);
  });

  it('keeps one link per transaction and tag, in the shape the transactions projection reads', async () => {
    await given(added(t1, ['Trip', 'รีโนเวท'], '2026-11-02'));
    expect(await linksOf()).toEqual([
      { id: `${t1}:trip`, tagKey: 'trip', transactionId: t1, date: '2026-11-02' },
      { id: `${t1}:รีโนเวท`, tagKey: 'รีโนเวท', transactionId: t1, date: '2026-11-02' },
    ]);
  });

  it('follows edits of the tags and of the date, and a deleted transaction', async () => {
    await given(added(t1, ['Trip'], '2026-11-02'), added(t2, ['Trip', 'Food'], '2026-11-20'));
    await given(edited(t2, { tags: ['Food'] }));
    expect(await tagsOf()).toEqual([tag('Food', 1, '2026-11-20'), tag('Trip', 1, '2026-11-02')]);

    await given(edited(t1, { date: '2026-11-25' }));
    expect(await tagsOf()).toContainEqual(tag('Trip', 1, '2026-11-25'));
    expect(await linksOf()).toContainEqual(expect.objectContaining({ transactionId: t1, date: '2026-11-25' }));

    await given(edited(t1, { tags: null }), deleted(t2));
    expect(await tagsOf()).toEqual([tag('Food', 0, null), tag('Trip', 0, null)]);
    expect(await linksOf()).toEqual([]);
  });

  it('gives a transaction tagged on an edit the date it already has', async () => {
    await given(scratch.log.transactionAdded('alice', t1, { date: '2026-10-05' }));
    await given(edited(t1, { tags: ['Wedding'] }));
    expect(await tagsOf()).toEqual([tag('Wedding', 1, '2026-10-05')]);
  });

  it('finds the next newest date when the last transaction of the newest one goes', async () => {
    await given(
      added(t1, ['Trip'], '2026-11-02'),
      added(t2, ['Trip'], '2026-11-20'),
      added(t3, ['Trip'], '2026-11-20'),
    );
    await given(deleted(t2));
    expect(await tagsOf()).toEqual([tag('Trip', 2, '2026-11-20')]);
    await given(edited(t3, { date: '2026-11-01' }));
    expect(await tagsOf()).toEqual([tag('Trip', 2, '2026-11-02')]);
  });

  it('takes the spelling of the next transaction once a tag has none left', async () => {
    await given(added(t1, ['trip']), deleted(t1), added(t2, ['Trip']));
    expect(await tagsOf()).toEqual([tag('Trip', 1, '2026-11-20')]);
  });

  it('renames a tag on every transaction', async () => {
    await given(added(t1, ['trip'], '2026-11-02'), added(t2, ['trip', 'Food'], '2026-11-20'));
    await given(renamed('trip', 'Luang Prabang'));
    expect(await tagsOf()).toEqual([tag('Food', 1, '2026-11-20'), tag('Luang Prabang', 2, '2026-11-20')]);
    expect((await linksOf()).map((link) => link.id).sort()).toEqual(
      [`${t1}:luang prabang`, `${t2}:food`, `${t2}:luang prabang`].sort(),
    );
  });

  it('merges into a tag that exists: counts add, a transaction with both keeps one', async () => {
    await given(
      added(t1, ['japan trip'], '2026-11-25'),
      added(t2, ['japan trip', 'Japan'], '2026-11-20'),
      added(t3, ['Japan'], '2026-10-01'),
    );
    await given(renamed('japan trip', 'Japan'));
    expect(await tagsOf()).toEqual([tag('Japan', 3, '2026-11-25')]);
    expect((await linksOf()).map((link) => link.id).sort()).toEqual([`${t1}:japan`, `${t2}:japan`, `${t3}:japan`]);
  });

  it('respells a tag without touching its transactions', async () => {
    await given(added(t1, ['trip']), renamed('trip', 'Trip'));
    expect(await tagsOf()).toEqual([tag('Trip', 1, '2026-11-20')]);
    expect(await linksOf()).toEqual([expect.objectContaining({ id: `${t1}:trip` })]);
  });

  it('changes nothing for a rename or deletion of a tag no transaction has', async () => {
    await given(added(t1, ['Food']), renamed('trip', 'Food'), renamed('ghost', 'Ghost'), tagDeleted('nothing'));
    expect(await tagsOf()).toEqual([tag('Food', 1, '2026-11-20')]);
  });

  it('deletes a tag from every transaction, and a later transaction starts it again', async () => {
    await given(added(t1, ['Trip', 'Food']), added(t2, ['trip']), tagDeleted('TRIP'));
    expect(await tagsOf()).toEqual([tag('Food', 1, '2026-11-20')]);
    expect(await linksOf()).toEqual([expect.objectContaining({ id: `${t1}:food` })]);
    await given(added(t3, ['trip'], '2026-11-21'));
    expect(await tagsOf()).toContainEqual(tag('trip', 1, '2026-11-21'));
  });

  it('keeps the tags of other users apart from a rename', async () => {
    await given(added(t1, ['trip']), added(t2, ['trip'], '2026-11-20', 'bob'), renamed('trip', 'Laos', 'bob'));
    expect(await tagsOf()).toEqual([tag('trip', 1, '2026-11-20')]);
    expect(await tagsOf('bob')).toEqual([tag('Laos', 1, '2026-11-20')]);
  });

  it('changes nothing when the same events arrive again', async () => {
    const events = [
      added(t1, ['trip'], '2026-11-02'),
      added(t2, ['trip', 'Japan'], '2026-11-20'),
      renamed('trip', 'Japan'),
      edited(t1, { date: '2026-11-30' }),
      deleted(t2),
      tagDeleted('Nothing'),
    ];
    await given(...events);
    const once = { tags: await tagsOf(), links: await linksOf() };
    await given(...events);
    for (const event of events) await given(event);
    expect({ tags: await tagsOf(), links: await linksOf() }).toEqual(once);
    expect(once.tags).toEqual([tag('Japan', 1, '2026-11-30')]);
  });

  it('ignores tags an erasure left unreadable', async () => {
    await given(
      scratch.log.transactionAdded('alice', t1, { tags: null }),
      scratch.log.profile('alice', 'TagRenamed', { from: null, to: null }),
      scratch.log.profile('alice', 'TagDeleted', { tag: null }),
    );
    expect(await tagsOf()).toEqual([]);
  });
});

// A random history of tagged transactions, renames and deletions of tags.
const ids = [t1, t2, t3] as const;
const names = ['trip', 'Trip', 'Japan', 'ทริป', 'ງານແຕ່ງ'] as const;
const name = fc.constantFrom(...names);
const tags = fc.uniqueArray(name, { selector: tagKey, maxLength: 3 });
const date = fc.constantFrom('2026-10-31', '2026-11-01', '2026-11-20');
const step: fc.Arbitrary<(log: EventLog) => RecordedEvent> = fc.oneof(
  fc
    .record({ id: fc.constantFrom(...ids), tags, date })
    .map((s) => (log: EventLog) => log.transactionAdded('alice', s.id, { tags: s.tags, date: s.date })),
  fc
    .record({
      id: fc.constantFrom(...ids),
      changes: fc.record({ tags: fc.option(tags, { nil: null }), date }, { requiredKeys: [] }),
    })
    .map((s) => (log: EventLog) => log.transactionEdited('alice', s.id, s.changes)),
  fc.constantFrom(...ids).map((id) => (log: EventLog) => log.transactionDeleted('alice', id)),
  fc
    .record({ from: name, to: name })
    .filter((s) => s.from !== s.to)
    .map((s) => (log: EventLog) => log.profile('alice', 'TagRenamed', s)),
  name.map((tag) => (log: EventLog) => log.profile('alice', 'TagDeleted', { tag })),
);

/** The fields of the history's events, whichever type each is. */
interface HistoryData {
  readonly transactionId: string;
  readonly date: string;
  readonly tags?: readonly string[] | null;
  readonly changes: { readonly tags?: readonly string[] | null; readonly date?: string };
  readonly from: string;
  readonly to: string;
  readonly tag: string;
}

/** What the tags must say after the history: each live transaction's tag keys and date, folded plainly. */
function expected(events: readonly RecordedEvent[]) {
  const live = new Map<string, { date: string; keys: Set<string> }>();
  for (const { type, data } of events as unknown as readonly { type: string; data: HistoryData }[]) {
    if (type === 'TransactionAdded')
      live.set(data.transactionId, { date: data.date, keys: new Set(tagsKeys(data.tags)) });
    const current = live.get(data.transactionId);
    if (type === 'TransactionEdited' && current !== undefined) {
      const { changes } = data;
      if (changes.date !== undefined) current.date = changes.date;
      if (changes.tags !== undefined) current.keys = new Set(tagsKeys(changes.tags));
    }
    if (type === 'TransactionDeleted') live.delete(data.transactionId);
    for (const transaction of live.values()) {
      if (type === 'TagRenamed' && transaction.keys.delete(tagKey(data.from))) transaction.keys.add(tagKey(data.to));
      if (type === 'TagDeleted') transaction.keys.delete(tagKey(data.tag));
    }
  }
  const counts = new Map<string, { count: number; lastUsed: string }>();
  for (const { date: on, keys } of live.values()) {
    for (const key of keys) {
      const before = counts.get(key);
      counts.set(key, {
        count: (before?.count ?? 0) + 1,
        lastUsed: before && before.lastUsed > on ? before.lastUsed : on,
      });
    }
  }
  return counts;
}
const tagsKeys = (list: readonly string[] | null | undefined) => (list ?? []).map(tagKey);

describe('tags projection over random histories', () => {
  it('counts each tag’s live transactions and newest date, however the events are batched and redelivered', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 25 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 10 }),
        async (steps, sizes) => {
          const log = eventLog();
          const events = steps.map((make) => make(log));
          const whole = await scratchReadStore(projections);
          const batched = await scratchReadStore(projections);
          try {
            await applyEvents(whole.store, projections, events);
            let at = 0;
            for (let i = 0; at < events.length; i += 1) {
              const size = sizes[i % sizes.length] ?? 1;
              // Each batch starts again from an earlier event, as a redelivery after a crash would.
              const from = Math.max(0, at - 2);
              await applyEvents(batched.store, projections, events.slice(from, at + size));
              at += size;
            }
            const read = async (store: typeof whole.store, view: string) => documents(store, view, 'alice');
            const tagDocs = (await read(whole.store, TAGS_VIEW)) as { id: string; count: number; lastUsed: string }[];
            expect(await read(batched.store, TAGS_VIEW)).toEqual(tagDocs);
            expect(await read(batched.store, TAG_LINKS_VIEW)).toEqual(await read(whole.store, TAG_LINKS_VIEW));
            const counted = new Map(
              tagDocs
                .filter((doc) => doc.count > 0)
                .map((doc) => [doc.id, { count: doc.count, lastUsed: doc.lastUsed }]),
            );
            expect(counted).toEqual(expected(events));
          } finally {
            await whole.dispose();
            await batched.dispose();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 30_000);
});
