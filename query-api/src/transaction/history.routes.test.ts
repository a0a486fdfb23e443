import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { TRANSACTIONS_VIEW, TRANSACTION_HISTORY_VIEW } from '@plenty/contracts/views/registry';
import {
  transactionHistorySchema,
  type TransactionHistoryDoc,
  type TransactionHistoryEntry,
  type TransactionView,
} from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore, ViewDefinition } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import { isNewerThan, type Projection } from '@plenty/projections/projection';
import { eventLog } from '@plenty/projections/testing/events';
import { applyEvents } from '@plenty/projections/testing/memory-read-store';
import { transactionsProjection } from '@plenty/projections/transactions.projection';
import { diffTransaction, transactionHistoryProjection } from '@plenty/projections/transaction-history.projection';
import { READ_STORES, type ReadStoreKind } from '../wallet/wallet-fixture.js';
import { getAs, routesUnderTest } from '../route-testing.js';
import { historyPage, notFound } from '../query-route.js';
import { transactionsRoutes } from './transactions.routes.js';

/*
 * The history a transaction's page shows, compared with a reference kept as the view was first
 * written: one document per event of the stream, read newest revision first. Whatever layout the
 * projection keeps, every page of every transaction must answer the same entries.
 */

const LEGACY_VIEW = 'legacy_transaction_history';
const legacyView = (name: string): ViewDefinition => ({
  name,
  fields: { transactionId: 'text', revision: 'integer' },
  indexes: [['transactionId', 'revision']],
});

/** The reference: one document per event, keyed by the event id (the layout before chunks), into `view`. */
const legacyHistoryInto = (view: string): Projection => ({
  name: 'legacy-transaction-history',
  version: 1,
  views: [legacyView(view)],
  reads: [TRANSACTIONS_VIEW],
  handles: ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted'],
  async apply(event, uow) {
    const known = event as RecordedEvent & TransactionEvent;
    const userId = known.metadata.userId;
    if (!isNewerThan(known, await uow.get(view, userId, known.id))) return;
    let entry: Pick<TransactionHistoryDoc, 'type' | 'changes'>;
    if (known.type === 'TransactionAdded') entry = { type: 'added', changes: [] };
    else if (known.type === 'TransactionDeleted') entry = { type: 'deleted', changes: [] };
    else {
      const current = await uow.get<TransactionView>(TRANSACTIONS_VIEW, userId, known.data.transactionId);
      entry = { type: 'edited', changes: diffTransaction(current?.doc ?? null, known.data.changes) };
    }
    const doc: TransactionHistoryDoc = {
      id: known.id,
      transactionId: known.data.transactionId,
      revision: known.revision,
      occurredAt: known.metadata.occurredAt,
      ...entry,
    };
    uow.put(view, userId, known.id, doc, known.position);
  },
});
const legacyHistory = legacyHistoryInto(LEGACY_VIEW);

const id = (n: number) => `0192f0c4-7a1b-7c3d-8e4f-${String(n).padStart(12, '0')}`;
const PLAIN = id(1);
const EDITED = id(2);
const DELETED = id(3);
const READDED = id(4);
const HOSTILE = id(5);
const GHOST = id(6);
const DELETED_TWICE = id(7);
const SPLIT = id(8);
const BOBS = id(9);
const NEVER = id(10);
const ALICE_IDS = [PLAIN, EDITED, DELETED, READDED, HOSTILE, GHOST, DELETED_TWICE, SPLIT];

/** Every kind of transaction history: plain, edited, deleted, added again, edited 150 times, … */
function history(): RecordedEvent[] {
  const log = eventLog();
  const events: RecordedEvent[] = [
    log.transactionAdded('alice', PLAIN, { note: 'noodles' }),
    log.transactionAdded('alice', EDITED, { note: 'rice' }),
    log.transactionEdited('alice', EDITED, { note: 'rice and soup', amount: { amount: 9900, currency: 'THB' } }),
    log.transactionEdited('alice', EDITED, { note: 'rice and soup' }),
    log.transactionEdited('alice', EDITED, { tags: ['trip'], categoryId: 'builtin-transport' }),
    log.transactionAdded('alice', DELETED),
    log.transactionDeleted('alice', DELETED),
    log.transactionAdded('alice', READDED, { note: 'first' }),
    log.transactionAdded('alice', READDED, { note: 'second' }),
    log.transactionDeleted('alice', READDED),
    log.transactionAdded('alice', READDED, { note: 'third' }),
    log.transactionEdited('alice', READDED, { note: 'third, edited' }),
    log.transactionAdded('alice', HOSTILE, { note: 'edited very often' }),
    // An edit of a transaction the user never added still shows in its history.
    log.transactionEdited('alice', GHOST, { note: 'from nowhere' }),
    log.transactionAdded('alice', DELETED_TWICE),
    log.transactionDeleted('alice', DELETED_TWICE),
    log.transactionDeleted('alice', DELETED_TWICE),
    log.transactionAdded('alice', SPLIT, {
      amount: { amount: 10_000, currency: 'THB' },
      splits: [
        { categoryId: 'builtin-food', amount: 6000 },
        { categoryId: 'builtin-transport', amount: 4000, note: 'taxi' },
      ],
    }),
    log.transactionEdited('alice', SPLIT, { splits: null, categoryId: 'builtin-food' }),
    log.transactionAdded('bob', BOBS),
  ];
  for (let n = 0; n < 150; n += 1) {
    events.push(log.transactionEdited('alice', HOSTILE, { amount: { amount: 100 + (n % 7), currency: 'THB' } }));
  }
  events.push(log.transactionDeleted('alice', HOSTILE));
  return events;
}

describe.each(
  (Object.keys(READ_STORES) as ReadStoreKind[]).flatMap((kind) => [
    [kind, 'chunks'],
    [kind, 'one document per event, frozen while its rebuild runs'],
  ]),
)('a transaction history on %s, the view in %s', (kind, layout) => {
  let store: ReadStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    store = await READ_STORES[kind as ReadStoreKind]();
    const projections = [
      transactionsProjection,
      layout === 'chunks' ? transactionHistoryProjection : legacyHistoryInto(TRANSACTION_HISTORY_VIEW),
      legacyHistory,
    ];
    await store.ensureViews(viewsOf(projections));
    const events = history();
    // In batches of a few events, as a live projector commits them.
    for (let at = 0; at < events.length; at += 5) await applyEvents(store, projections, events.slice(at, at + 5));
    app = await routesUnderTest((scope) => transactionsRoutes(scope, store));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  /** Every page of a history: each page's entries and whether another page follows. */
  async function pagesOf(
    read: (cursor: string | undefined) => Promise<{ items: unknown[]; nextCursor: string | null }>,
  ) {
    const pages: { items: unknown[]; more: boolean }[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await read(cursor);
      pages.push({ items: page.items, more: page.nextCursor !== null });
      if (page.nextCursor === null) return pages;
      cursor = page.nextCursor;
    }
  }

  const reference = (transactionId: string, limit: number, uid = 'alice') =>
    pagesOf((cursor) =>
      historyPage(store, {
        view: LEGACY_VIEW,
        userId: uid,
        where: { transactionId },
        query: { limit, ...(cursor === undefined ? {} : { cursor }) },
        notFound,
        entry: (doc: TransactionHistoryDoc): TransactionHistoryEntry => ({
          revision: doc.revision,
          type: doc.type,
          occurredAt: doc.occurredAt,
          changes: doc.changes,
        }),
      }),
    );

  const answered = (transactionId: string, limit: number, uid = 'alice') =>
    pagesOf(async (cursor) => {
      const query = `limit=${limit}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const answer = await getAs(app, `/transactions/${transactionId}/history?${query}`, uid);
      expect(answer.statusCode, answer.body).toBe(200);
      return transactionHistorySchema.parse(answer.json());
    });

  it('answers every page of every history as one document per event did', async () => {
    for (const transactionId of ALICE_IDS) {
      for (const limit of [1, 2, 7, 50, 64, 65, 200]) {
        expect(await answered(transactionId, limit), `${transactionId} by ${limit}`).toEqual(
          await reference(transactionId, limit),
        );
      }
    }
    expect(await answered(BOBS, 50, 'bob')).toEqual(await reference(BOBS, 50, 'bob'));
  });

  it('answers the newest entry first, the edits of a transaction edited 150 times included', async () => {
    const [first] = await answered(HOSTILE, 3);
    expect(first?.items).toMatchObject([
      { revision: 151, type: 'deleted' },
      { revision: 150, type: 'edited' },
      { revision: 149, type: 'edited' },
    ]);
    const all = (await answered(HOSTILE, 200)).flatMap((page) => page.items);
    expect(all).toHaveLength(152);
    expect(all.at(-1)).toMatchObject({ revision: 0, type: 'added', changes: [] });
  });

  it("answers 404 for another user's transaction and for one that never was", async () => {
    expect((await getAs(app, `/transactions/${BOBS}/history`, 'alice')).statusCode).toBe(404);
    expect((await getAs(app, `/transactions/${PLAIN}/history`, 'bob')).statusCode).toBe(404);
    expect((await getAs(app, `/transactions/${NEVER}/history`, 'alice')).statusCode).toBe(404);
  });

  it('answers 400 on the cursor field for a cursor it cannot read', async () => {
    const answer = await getAs(app, `/transactions/${HOSTILE}/history?cursor=not-a-cursor`, 'alice');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: { fields: { cursor: 'field_invalid' } } });
  });
});
