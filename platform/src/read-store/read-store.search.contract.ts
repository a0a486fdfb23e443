import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeCursor } from './keys.js';
import type {
  FieldRange,
  FindQuery,
  MergedFindQuery,
  MergeKey,
  ReadStore,
  SumQuery,
  TextMatch,
  TextTerm,
  ViewDefinition,
} from './port.js';
import { next } from './read-store.contract-fixture.js';

/** A searchable view: a note cut into words, tags, and ids as single tokens in `ref`. */
export interface Entry extends Record<string, unknown> {
  id: string;
  day: string;
  amount: number;
  note: string;
  tags: string[];
  refs: string[];
}

export const entries: ViewDefinition = {
  name: 'contract_entries',
  fields: { day: 'text', amount: 'integer', kind: 'text' },
  indexes: [['day'], ['amount'], ['kind', 'day']],
  indexValues: (doc) => {
    const entry = doc as Entry;
    return { day: entry.day, amount: entry.amount, kind: entry.amount < 0 ? 'out' : 'in' };
  },
  search: {
    columns: ['note', 'tag', 'ref'],
    values: (doc) => {
      const entry = doc as Entry;
      return {
        note: entry.note.split(' ').filter((word) => word !== ''),
        tag: entry.tags,
        ref: entry.refs,
      };
    },
  },
};

const CHECKPOINT = 'contract-search';

let serial = 0;
export const entry = (note: string, extra: Partial<Entry> = {}): Entry => {
  serial += 1;
  return {
    id: randomUUID(),
    day: `2026-11-${String((serial % 28) + 1).padStart(2, '0')}`,
    amount: serial,
    note,
    tags: [],
    refs: [],
    ...extra,
  };
};

const word = (token: string, column = 'note', prefix = true): TextTerm => ({ column, token, prefix });
/** Every group must match; a group is the token in any of the columns. */
const all = (...groups: TextTerm[][]): TextMatch => ({ all: groups });

/** Full-text search and range filters on a view with `search`. */
export function readStoreSearchContract(open: () => Promise<ReadStore>): void {
  const test = it.extend<{ store: ReadStore; put: (userId: string, docs: Entry[]) => Promise<void> }>({
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern
    store: async ({}, use) => {
      const store = await open();
      await store.ensureViews([entries]);
      await use(store);
      await store.close();
    },
    put: async ({ store }, use) => {
      await use(async (userId, docs) => {
        const at = next();
        await store.applyBatch(CHECKPOINT, at, async (uow) => {
          for (const doc of docs) uow.put(entries.name, userId, doc.id, doc, at);
        });
      });
    },
  });

  /** Every page's notes, in order, following the cursors. */
  async function notesOf(store: ReadStore, query: Omit<FindQuery, 'cursor'>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.find<Entry>(entries.name, { ...query, ...(cursor === undefined ? {} : { cursor }) });
      seen.push(...page.items.map((d) => d.doc.note));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return seen;
  }

  const byDay = [{ field: 'day', direction: 'asc' as const }];
  const search = (store: ReadStore, userId: string, match: TextMatch, extra: Partial<FindQuery> = {}) =>
    notesOf(store, { userId, match, sort: byDay, limit: 2, ...extra }).then((notes) => notes.sort());

  describe('full-text search', () => {
    test('matches words as prefixes or exactly, in the columns asked', async ({ store, put }) => {
      await put('u', [
        entry('coffee beans', { tags: ['trip'] }),
        entry('iced coffee', { refs: ['wallet1'] }),
        entry('tea', { tags: ['coffeehouse'] }),
        entry('coffeemaker repair'),
      ]);
      expect(await search(store, 'u', all([word('coffee')]))).toEqual([
        'coffee beans',
        'coffeemaker repair',
        'iced coffee',
      ]);
      expect(await search(store, 'u', all([word('coffee', 'note', false)]))).toEqual(['coffee beans', 'iced coffee']);
      expect(await search(store, 'u', all([word('coffee', 'tag')]))).toEqual(['tea']);
      expect(await search(store, 'u', all([word('coffee', 'note', false), word('coffee', 'tag')]))).toEqual([
        'coffee beans',
        'iced coffee',
        'tea',
      ]);
      expect(await search(store, 'u', all([word('wallet1', 'ref', false)]))).toEqual(['iced coffee']);
      expect(await search(store, 'u', all([word('wallet', 'ref', false)]))).toEqual([]);
      expect(await search(store, 'u', all([word('beans', 'tag')]))).toEqual([]);
    });

    test('needs every group to match and any term of a group', async ({ store, put }) => {
      await put('u', [
        entry('coffee beans', { tags: ['trip'] }),
        entry('coffee cake'),
        entry('beans on toast', { tags: ['coffee'] }),
      ]);
      const coffee = [word('coffee'), word('coffee', 'tag')];
      expect(await search(store, 'u', all(coffee, [word('bea')]))).toEqual(['beans on toast', 'coffee beans']);
      expect(await search(store, 'u', all(coffee, [word('bea')], [word('trip', 'tag')]))).toEqual(['coffee beans']);
      expect(await search(store, 'u', all(coffee, [word('cake'), word('toast')]))).toEqual([
        'beans on toast',
        'coffee cake',
      ]);
      // An empty group matches nothing; no group at all leaves every document.
      expect(await search(store, 'u', all(coffee, []))).toEqual([]);
      expect(await search(store, 'u', all())).toHaveLength(3);
    });

    test('finds Thai and Lao words, marks included, and words in any case', async ({ store, put }) => {
      await put('u', [entry('ข้าวมันไก่ ร้านป้า'), entry('ກາເຟ ເຂົ້າໜຽວ ຕະຫຼາດ'), entry('ข้าวเหนียว'), entry('Café Amazon')]);
      expect(await search(store, 'u', all([word('ข้าว')]))).toEqual(['ข้าวมันไก่ ร้านป้า', 'ข้าวเหนียว']);
      expect(await search(store, 'u', all([word('ข้าวมันไก่', 'note', false)]))).toEqual(['ข้าวมันไก่ ร้านป้า']);
      // A vowel or tone mark is part of the word: ข้า is a prefix of ข้าว, ขา is not.
      expect(await search(store, 'u', all([word('ขา')]))).toEqual([]);
      expect(await search(store, 'u', all([word('ເຂົ້າ')]))).toEqual(['ກາເຟ ເຂົ້າໜຽວ ຕະຫຼາດ']);
      expect(await search(store, 'u', all([word('ຕະຫຼາດ', 'note', false)]))).toEqual(['ກາເຟ ເຂົ້າໜຽວ ຕະຫຼາດ']);
      expect(await search(store, 'u', all([word('ເຂົາ')]))).toEqual([]);
      // Diacritics are kept: café is not cafe.
      expect(await search(store, 'u', all([word('café', 'note', false)]))).toEqual(['Café Amazon']);
      expect(await search(store, 'u', all([word('cafe', 'note', false)]))).toEqual([]);
      expect(await search(store, 'u', all([word('AMAZ')]))).toEqual(['Café Amazon']);
    });

    test("never matches another user's documents nor removed ones, and an edit replaces the words", async ({
      store,
      put,
    }) => {
      const edited = entry('old words');
      const removed = entry('coffee gone');
      await put('u', [edited, removed, entry('coffee stays')]);
      await put('other', [entry('coffee elsewhere'), entry('old words elsewhere')]);
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => {
        uow.remove(entries.name, 'u', removed.id, at);
        uow.put(entries.name, 'u', edited.id, { ...edited, note: 'new coffee' }, at);
      });
      expect(await search(store, 'u', all([word('coffee')]))).toEqual(['coffee stays', 'new coffee']);
      expect(await search(store, 'u', all([word('old')]))).toEqual([]);
      expect(await search(store, 'other', all([word('old')]))).toEqual(['old words elsewhere']);
      // An older write after the edit changes neither the document nor its words.
      await store.applyBatch(CHECKPOINT, '0', async (uow) => {
        uow.put(entries.name, 'u', edited.id, { ...edited, note: 'stale words' }, '0');
      });
      expect(await search(store, 'u', all([word('stale')]))).toEqual([]);
      expect(await search(store, 'u', all([word('new')]))).toEqual(['new coffee']);
      expect(await search(store, 'nobody', all([word('coffee')]))).toEqual([]);
      expect(
        await store.sum(entries.name, { userId: 'u', match: all([word('gone')]), groupBy: [], field: 'amount' }),
      ).toEqual([]);
    });

    test('matches a hostile token literally or not at all, never failing', async ({ store, put }) => {
      await put('u', [entry('say "hello" AND NEAR(a b) or col:x * star'), entry('plain')]);
      for (const token of [
        '"',
        '"hello',
        'hello"',
        '*',
        'col:x',
        'a b',
        '(a',
        ')',
        '"" OR ""',
        'x" OR uid:"',
        '',
        ' ',
      ]) {
        for (const prefix of [true, false]) {
          await expect(search(store, 'u', all([word(token, 'note', prefix)]))).resolves.toEqual([]);
        }
      }
      expect(await search(store, 'u', all([word('near', 'note', false)]))).toEqual([
        'say "hello" AND NEAR(a b) or col:x * star',
      ]);
      expect(await search(store, 'u', all([word('and', 'note', false)]))).toEqual([
        'say "hello" AND NEAR(a b) or col:x * star',
      ]);
      expect(await search(store, 'u', all([word('near')]))).toEqual(['say "hello" AND NEAR(a b) or col:x * star']);
      expect(await search(store, 'u', all([word('or', 'note', false), word('"', 'note')]))).toEqual([
        'say "hello" AND NEAR(a b) or col:x * star',
      ]);
      await expect(search(store, 'u', all([word('x', 'nosuchcolumn')]))).rejects.toThrow();
    });

    test('combines with equality filters, ranges, sorting and cursors, either way', async ({ store, put }) => {
      const docs = Array.from({ length: 30 }, (_, i) =>
        entry(i % 3 === 0 ? `lunch ${i}` : `dinner ${i}`, {
          day: `2026-11-${String((i % 10) + 1).padStart(2, '0')}`,
          amount: i % 2 === 0 ? -(i + 1) * 100 : (i + 1) * 100,
        }),
      );
      await put('u', docs);
      await put(
        'other',
        docs.map((d) => ({ ...d, id: randomUUID() })),
      );
      const lunch = all([word('lunch')]);
      const expected = (keep: (d: Entry) => boolean, direction: 'asc' | 'desc') =>
        docs
          .filter((d) => d.note.startsWith('lunch') && keep(d))
          .sort(
            (a, b) =>
              (a.day === b.day ? (a.id < b.id ? -1 : 1) : a.day < b.day ? -1 : 1) * (direction === 'asc' ? 1 : -1),
          )
          .map((d) => d.note);
      for (const direction of ['asc', 'desc'] as const) {
        const sort = [{ field: 'day', direction }];
        expect(await notesOf(store, { userId: 'u', match: lunch, sort, limit: 3 })).toEqual(
          expected(() => true, direction),
        );
        expect(await notesOf(store, { userId: 'u', match: lunch, where: { kind: 'out' }, sort, limit: 2 })).toEqual(
          expected((d) => d.amount < 0, direction),
        );
        const ranges = { day: { gte: '2026-11-03', lt: '2026-11-08' } };
        expect(await notesOf(store, { userId: 'u', match: lunch, ranges, sort, limit: 2 })).toEqual(
          expected((d) => d.day >= '2026-11-03' && d.day < '2026-11-08', direction),
        );
      }
      const summed = await store.sum(entries.name, {
        userId: 'u',
        match: lunch,
        ranges: { amount: { gt: -1000 } },
        groupBy: ['kind'],
        field: 'amount',
      });
      const lunches = docs.filter((d) => d.note.startsWith('lunch') && d.amount > -1000);
      const total = (kind: 'in' | 'out') =>
        lunches.filter((d) => d.amount < 0 === (kind === 'out')).reduce((s, d) => s + BigInt(d.amount), 0n);
      const byKind = Object.fromEntries(summed.map((g) => [String(g.group.kind), [g.count, g.sum]]));
      expect(byKind).toEqual({
        in: [lunches.filter((d) => d.amount > 0).length, total('in')],
        out: [lunches.filter((d) => d.amount < 0).length, total('out')],
      });
    });
  });

  describe('range filters', () => {
    test('keep documents within the bounds of indexed fields, for find and sum, page by page', async ({
      store,
      put,
    }) => {
      const docs = Array.from({ length: 20 }, (_, i) =>
        entry(`n${i}`, { day: `2026-10-${String(i + 10)}`, amount: (i - 10) * 50 }),
      );
      await put('u', docs);
      await put('other', [entry('elsewhere', { day: '2026-10-15', amount: 0 })]);
      const cases: [Record<string, FieldRange>, (d: Entry) => boolean][] = [
        [{ day: { gte: '2026-10-15', lte: '2026-10-20' } }, (d) => d.day >= '2026-10-15' && d.day <= '2026-10-20'],
        [{ day: { gt: '2026-10-15', lt: '2026-10-20' } }, (d) => d.day > '2026-10-15' && d.day < '2026-10-20'],
        [{ amount: { gte: -100 } }, (d) => d.amount >= -100],
        [{ amount: { lt: 0 }, day: { gte: '2026-10-12' } }, (d) => d.amount < 0 && d.day >= '2026-10-12'],
        [{ amount: { gt: 10_000 } }, () => false],
      ];
      for (const [ranges, keep] of cases) {
        for (const direction of ['asc', 'desc'] as const) {
          const wanted = docs
            .filter(keep)
            .sort((a, b) => (a.amount - b.amount) * (direction === 'asc' ? 1 : -1))
            .map((d) => d.note);
          expect(
            await notesOf(store, { userId: 'u', ranges, sort: [{ field: 'amount', direction }], limit: 3 }),
          ).toEqual(wanted);
        }
        const query: SumQuery = { userId: 'u', ranges, groupBy: [], field: 'amount' };
        const kept = docs.filter(keep);
        expect(await store.sum(entries.name, query)).toEqual(
          kept.length === 0
            ? []
            : [{ group: {}, count: kept.length, sum: kept.reduce((s, d) => s + BigInt(d.amount), 0n) }],
        );
      }
    });
  });

  describe('search added to a view', () => {
    it('finds the documents stored before the view had search, once its views are ensured again', async () => {
      const store = await open();
      const { search: _, ...plain } = entries;
      await store.ensureViews([plain]);
      const before = entry('stored before search');
      const removed = entry('stored then removed');
      const at = next();
      await store.applyBatch(CHECKPOINT, at, async (uow) => {
        uow.put(entries.name, 'u', before.id, before, at);
        uow.put(entries.name, 'u', removed.id, removed, at);
      });
      const later = next();
      await store.applyBatch(CHECKPOINT, later, async (uow) => uow.remove(entries.name, 'u', removed.id, later));
      await store.ensureViews([entries]);
      expect(await search(store, 'u', all([word('stored')]))).toEqual(['stored before search']);
      await store.ensureViews([entries]);
      expect(await search(store, 'u', all([word('stored')]))).toEqual(['stored before search']);
      await store.close();
    });
  });

  describe('search in shadows and erasure', () => {
    test('a shadow copy searches apart from the live view, and promoted it keeps searching', async ({ store, put }) => {
      await put('u', [entry('live coffee')]);
      const shadow = store.shadow('s2');
      await shadow.ensureViews([entries]);
      const at = next();
      await shadow.applyBatch(`${CHECKPOINT}@s2`, at, async (uow) => {
        const rebuilt = entry('rebuilt coffee');
        uow.put(entries.name, 'u', rebuilt.id, rebuilt, at);
      });
      expect(await search(store, 'u', all([word('coffee')]))).toEqual(['live coffee']);
      expect(await search(shadow, 'u', all([word('coffee')]))).toEqual(['rebuilt coffee']);
      await store.promote({ tag: 's2', views: [entries], records: {}, shadowCheckpoint: `${CHECKPOINT}@s2` });
      expect(await search(store, 'u', all([word('coffee')]))).toEqual(['rebuilt coffee']);
      await put('u', [entry('after promotion')]);
      expect(await search(store, 'u', all([word('promo')]))).toEqual(['after promotion']);
      await store.ensureViews([entries]);
      expect(await search(store, 'u', all([word('coffee')]))).toEqual(['rebuilt coffee']);

      const dropped = store.shadow('s3');
      await dropped.ensureViews([entries]);
      await dropped.applyBatch(`${CHECKPOINT}@s3`, next(), async () => {});
      await store.dropShadow('s3', `${CHECKPOINT}@s3`);
      expect(await store.shadowTags()).toEqual([]);
      expect(await search(store, 'u', all([word('coffee')]))).toEqual(['rebuilt coffee']);
    });

    test("a purged user's documents are no longer found, and others' still are", async ({ store, put }) => {
      await put('leaving', [entry('secret plans'), entry('secret too')]);
      await put('staying', [entry('secret kept')]);
      await store.applyBatch(CHECKPOINT, next(), async (uow) => uow.purgeUser('leaving'));
      expect(await search(store, 'leaving', all([word('secret')]))).toEqual([]);
      expect(await search(store, 'staying', all([word('secret')]))).toEqual(['secret kept']);
      await put('leaving', [entry('secret again')]);
      expect(await search(store, 'leaving', all([word('secret')]))).toEqual(['secret again']);
    });

    test('a reset empties the search with the view, and a bulk load fills it', async ({ store, put }) => {
      await put('u', [entry('before reset')]);
      await store.reset([entries], CHECKPOINT);
      expect(await search(store, 'u', all([word('before')]))).toEqual([]);
      if (store.bulkLoad === undefined) return;
      const loaded = entry('loaded by replay');
      const gone = entry('loaded then removed');
      await store.bulkLoad(CHECKPOINT, next(), {
        purged: [],
        writes: [
          ...Array.from({ length: 40 }, (_, i) => ({
            view: entries.name,
            userId: 'u',
            id: `bulk-${i}`,
            doc: entry(`bulk ${i}`),
            position: next(),
          })),
          { view: entries.name, userId: 'u', id: loaded.id, doc: loaded, position: next() },
          { view: entries.name, userId: 'u', id: gone.id, doc: gone, position: next() },
        ],
      });
      await store.bulkLoad(CHECKPOINT, next(), {
        purged: [],
        writes: [{ view: entries.name, userId: 'u', id: gone.id, doc: null, position: next() }],
      });
      expect(await search(store, 'u', all([word('loaded')]))).toEqual(['loaded by replay']);
      expect(await search(store, 'u', all([word('bulk')]))).toHaveLength(40);
    });
  });

  describe('sums of a search over a view with covering indexes', () => {
    /** Covering indexes: the SQLite store keeps the fields they carry beside its search keys. */
    const covered: ViewDefinition = {
      name: 'contract_covered',
      fields: { day: 'text', amount: 'integer', kind: 'text', cur: 'text', batch: 'text' },
      indexes: [
        { fields: ['day'], include: ['kind', 'cur', 'amount'] },
        { fields: ['amount'], include: ['kind', 'cur'] },
        ['batch', 'day'],
      ],
      search: { columns: ['note'], values: (doc) => ({ note: String(doc.note).split(' ') }) },
    };
    interface Row extends Record<string, unknown> {
      day: string;
      amount: number;
      kind: string;
      cur: string;
      batch: string;
      note: string;
    }
    const WORDS = ['coffee', 'rice', 'fuel', 'rent'];

    /** Random documents, edited, removed and loaded again (in bulk when `bulk`): the user's live ones. */
    async function seedCovered(store: ReadStore, bulk: boolean): Promise<Map<string, Row>> {
      let seed = 28;
      const random = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed % n;
      };
      const make = (): Row => ({
        day: `2026-${String(random(12) + 1).padStart(2, '0')}-${String(random(28) + 1).padStart(2, '0')}`,
        amount: random(2) === 0 ? random(100_000) : -random(5_000_000_000),
        kind: ['in', 'out'][random(2)] ?? 'in',
        cur: ['LAK', 'THB', 'USD'][random(3)] ?? 'LAK',
        batch: `b${random(3)}`,
        note: Array.from({ length: random(3) + 1 }, () => WORDS[random(WORDS.length)]).join(' '),
      });
      const live = new Map<string, Row>();
      const rounds: { userId: string; id: string; doc: Row | null }[][] = [];
      for (let round = 0; round < 4; round += 1) {
        // One write per document and round, as a batch holds.
        const writes = new Map<string, { userId: string; id: string; doc: Row | null }>();
        for (let i = 0; i < 150; i += 1) {
          const id = `d${random(300)}`;
          // Another user's documents share ids and words: never counted.
          const userId = random(5) === 0 ? 'other' : 'u';
          const doc = random(6) === 0 ? null : make();
          writes.set(`${userId} ${id}`, { userId, id, doc });
        }
        rounds.push([...writes.values()]);
      }
      if (bulk && store.bulkLoad !== undefined) {
        await store.bulkMode?.(true);
        await store.reset([covered], CHECKPOINT);
        for (const writes of rounds) {
          await store.bulkLoad(CHECKPOINT, next(), {
            purged: [],
            writes: writes.map((w) => ({ view: covered.name, ...w, position: next() })),
          });
        }
        await store.bulkMode?.(false);
      } else {
        for (const writes of rounds) {
          const at = next();
          await store.applyBatch(CHECKPOINT, at, async (uow) => {
            for (const { userId, id, doc } of writes) {
              if (doc === null) uow.remove(covered.name, userId, id, at);
              else uow.put(covered.name, userId, id, doc, at);
            }
          });
        }
      }
      for (const writes of rounds) {
        for (const { userId, id, doc } of writes) {
          if (userId !== 'u') continue;
          if (doc === null) live.delete(id);
          else live.set(id, doc);
        }
      }
      return live;
    }

    /** Every sum and page of a search against the documents themselves. */
    async function checkSums(store: ReadStore, bulk: boolean): Promise<void> {
      const live = await seedCovered(store, bulk);
      const cases: [Omit<SumQuery, 'userId' | 'field'>, (d: Row) => boolean][] = [];
      for (const token of [...WORDS, 'co', 'none']) {
        const has = (d: Row) => d.note.split(' ').some((w) => w.startsWith(token));
        const match = all([word(token)]);
        cases.push(
          [{ match, groupBy: [] }, has],
          [{ match, groupBy: ['kind', 'cur'] }, has],
          [{ match, where: { kind: 'out' }, groupBy: ['cur'] }, (d) => has(d) && d.kind === 'out'],
          [
            { match, ranges: { day: { gte: '2026-03-01', lt: '2026-09-01' } }, groupBy: ['cur'] },
            (d) => has(d) && d.day >= '2026-03-01' && d.day < '2026-09-01',
          ],
          [
            { match, ranges: { amount: { gt: -1_000_000 } }, where: { cur: 'THB' }, groupBy: ['kind'] },
            (d) => has(d) && d.amount > -1_000_000 && d.cur === 'THB',
          ],
          // A field no covering index carries.
          [{ match, where: { batch: 'b1' }, groupBy: ['kind'] }, (d) => has(d) && d.batch === 'b1'],
          [{ match, groupBy: ['batch'] }, has],
        );
      }
      cases.push([
        { match: all([word('rice'), word('fuel')]), groupBy: ['cur'] },
        (d) => /rice/.test(d.note) && /fuel/.test(d.note),
      ]);
      for (const [query, keep] of cases) {
        const expected = new Map<string, { count: number; sum: bigint }>();
        for (const doc of live.values()) {
          if (!keep(doc)) continue;
          const key = JSON.stringify(query.groupBy.map((field) => doc[field]));
          const group = expected.get(key) ?? { count: 0, sum: 0n };
          expected.set(key, { count: group.count + 1, sum: group.sum + BigInt(doc.amount) });
        }
        const summed = await store.sum(covered.name, { userId: 'u', ...query, field: 'amount' });
        const got = new Map(
          summed.map((g) => [
            JSON.stringify(query.groupBy.map((field) => g.group[field])),
            { count: g.count, sum: g.sum },
          ]),
        );
        expect(got, JSON.stringify(query)).toEqual(expected);
      }
      // Pages of a search within ranges (found from the search keys in SQLite), ties and cursors.
      const pageCases: [Pick<FindQuery, 'match' | 'where' | 'ranges'>, (d: Row) => boolean][] = [];
      for (const token of ['co', 'rice', 'none']) {
        const has = (d: Row) => d.note.split(' ').some((w) => w.startsWith(token));
        const match = all([word(token)]);
        pageCases.push(
          [
            { match, ranges: { day: { gte: '2026-02-01', lt: '2026-10-01' } } },
            (d) => has(d) && d.day >= '2026-02-01' && d.day < '2026-10-01',
          ],
          [
            { match, where: { cur: 'USD' }, ranges: { day: { gt: '2026-04-01' } } },
            (d) => has(d) && d.cur === 'USD' && d.day > '2026-04-01',
          ],
          [
            { match, where: { batch: 'b2' }, ranges: { amount: { lt: 50_000 } } },
            (d) => has(d) && d.batch === 'b2' && d.amount < 50_000,
          ],
        );
      }
      for (const [query, keep] of pageCases) {
        for (const [field, direction] of [
          ['amount', 'desc'],
          ['amount', 'asc'],
          ['day', 'desc'],
        ] as const) {
          const ids: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await store.find<Row>(covered.name, {
              userId: 'u',
              ...query,
              sort: [{ field, direction }],
              limit: 7,
              ...(cursor === undefined ? {} : { cursor }),
            });
            ids.push(...page.items.map((d) => d.id));
            cursor = page.nextCursor ?? undefined;
          } while (cursor !== undefined);
          const sign = direction === 'asc' ? 1 : -1;
          const wanted = [...live.entries()]
            .filter(([, d]) => keep(d))
            .sort(
              ([ia, a], [ib, b]) => sign * (a[field] === b[field] ? (ia < ib ? -1 : 1) : a[field] < b[field] ? -1 : 1),
            )
            .map(([id]) => id);
          expect(ids, JSON.stringify([query, field, direction])).toEqual(wanted);
        }
      }
    }

    const CURRENCIES = ['LAK', 'THB', 'USD'];
    /** A value per currency with ties across currencies (as amounts converted into one currency). */
    const RATES = [1n, 600n, 20_000n];
    const valueOf = (key: MergeKey) => (BigInt(key.sort[0] ?? 0) * (RATES[key.part] ?? 1n)) / 10_000_000n;
    /** By value; equal values by part when `parts`, else left to the store (the earlier part first). */
    const compareBy =
      (direction: 'asc' | 'desc', parts: boolean) =>
      (a: MergeKey, b: MergeKey): number => {
        const [va, vb] = [valueOf(a), valueOf(b)];
        if (va !== vb) return (va < vb ? -1 : 1) * (direction === 'asc' ? 1 : -1);
        return parts ? a.part - b.part : 0;
      };

    /**
     * The merge as read before `findMerged`: each part's page of whole documents through `find`,
     * merged, each part's cursor the store's own when all its page went, else made of its last row.
     */
    async function mergedThroughFind(
      store: ReadStore,
      query: MergedFindQuery,
    ): Promise<{ ids: string[]; cursors: (string | null | undefined)[] }> {
      const pages = await Promise.all(
        query.split.parts.map((part) =>
          store.find<Row>(covered.name, {
            userId: query.userId,
            where: { ...query.where, [query.split.field]: part.value },
            ...(query.ranges === undefined ? {} : { ranges: query.ranges }),
            ...(query.match === undefined ? {} : { match: query.match }),
            sort: query.sort,
            limit: query.limit,
            ...(part.cursor === undefined ? {} : { cursor: part.cursor }),
          }),
        ),
      );
      const streams = pages.map((page, part) => ({
        page,
        rows: page.items.map((d) => ({ key: { part, sort: [d.doc.amount], id: d.id }, id: d.id })),
        taken: 0,
      }));
      const ids: string[] = [];
      while (ids.length < query.limit) {
        let best: (typeof streams)[number] | undefined;
        for (const stream of streams) {
          const head = stream.rows[stream.taken];
          const bestHead = best?.rows[best.taken];
          if (head !== undefined && (bestHead === undefined || query.compare(head.key, bestHead.key) < 0))
            best = stream;
        }
        const row = best?.rows[best.taken];
        if (best === undefined || row === undefined) break;
        ids.push(row.id);
        best.taken += 1;
      }
      const cursors = streams.map(({ page, rows, taken }) => {
        if (taken === rows.length) return page.nextCursor;
        const last = rows[taken - 1];
        return last === undefined ? undefined : encodeCursor([...last.key.sort, last.id]);
      });
      return { ids, cursors };
    }

    /**
     * Pages of a query split by currency and merged by value: the same documents and cursors as
     * each currency's `find` merged, page after page, and together every matching document in the
     * order of value, currency, amount and id.
     */
    async function checkMerged(store: ReadStore, live: ReadonlyMap<string, Row>): Promise<void> {
      const cases: [Pick<FindQuery, 'match' | 'where' | 'ranges'>, (d: Row) => boolean][] = [
        [{}, () => true],
        [{ where: { kind: 'out' } }, (d) => d.kind === 'out'],
        [
          { ranges: { day: { gte: '2026-03-01', lt: '2026-09-01' } } },
          (d) => d.day >= '2026-03-01' && d.day < '2026-09-01',
        ],
      ];
      for (const token of ['co', 'rice', 'none']) {
        const has = (d: Row) => d.note.split(' ').some((w) => w.startsWith(token));
        const match = all([word(token)]);
        cases.push(
          [{ match }, has],
          [
            { match, ranges: { day: { gte: '2026-02-01', lt: '2026-10-01' } } },
            (d) => has(d) && d.day >= '2026-02-01' && d.day < '2026-10-01',
          ],
          [
            { match, where: { kind: 'in' }, ranges: { day: { gt: '2026-04-01' } } },
            (d) => has(d) && d.kind === 'in' && d.day > '2026-04-01',
          ],
          // A field the search keys do not carry.
          [
            { match, where: { batch: 'b2' }, ranges: { day: { lt: '2026-11-01' } } },
            (d) => has(d) && d.batch === 'b2' && d.day < '2026-11-01',
          ],
        );
      }
      for (const [conditions, keep] of cases) {
        for (const direction of ['desc', 'asc'] as const) {
          for (const [limit, parts] of [
            [1, true],
            [7, false],
            [50, true],
            [50, false],
          ] as const) {
            const compare = compareBy(direction, parts);
            // The parts still going, and where each goes on from (as the list's cursor holds them).
            const state = new Map<number, string | undefined>(CURRENCIES.map((_, part) => [part, undefined]));
            const ids: string[] = [];
            for (let round = 0; state.size > 0; round += 1) {
              if (round > 500) throw new Error('the pages never end');
              const parts = [...state.keys()];
              const query: MergedFindQuery = {
                userId: 'u',
                ...conditions,
                sort: [{ field: 'amount', direction }],
                limit,
                split: {
                  field: 'cur',
                  parts: parts.map((part) => ({ value: CURRENCIES[part] ?? '', cursor: state.get(part) })),
                },
                // The keys' parts are positions among the parts asked: back to the currency's.
                compare: (a, b) => compare({ ...a, part: parts[a.part] ?? 0 }, { ...b, part: parts[b.part] ?? 0 }),
              };
              const merged = await store.findMerged<Row>(covered.name, query);
              const before = await mergedThroughFind(store, query);
              const label = JSON.stringify([conditions, direction, limit, parts, round]);
              expect({ ids: merged.items.map((d) => d.id), cursors: merged.cursors }, label).toEqual(before);
              ids.push(...merged.items.map((d) => d.id));
              parts.forEach((part, i) => {
                const cursor = merged.cursors[i];
                if (cursor === null) state.delete(part);
                else if (cursor !== undefined) state.set(part, cursor);
              });
            }
            const sign = direction === 'asc' ? 1 : -1;
            const keyOf = (id: string, d: Row): MergeKey => ({ part: CURRENCIES.indexOf(d.cur), sort: [d.amount], id });
            const wanted = [...live.entries()]
              .filter(([, d]) => keep(d))
              .sort(([ia, a], [ib, b]) => {
                const [ka, kb] = [keyOf(ia, a), keyOf(ib, b)];
                const byValue = compare(ka, kb);
                if (byValue !== 0) return byValue;
                if (ka.part !== kb.part) return ka.part - kb.part;
                return sign * (a.amount === b.amount ? (ia < ib ? -1 : 1) : a.amount < b.amount ? -1 : 1);
              })
              .map(([id]) => id);
            expect(ids, JSON.stringify([conditions, direction, limit, parts])).toEqual(wanted);
          }
        }
      }
    }

    it('equal the sums of the matching documents through edits, removals and other users', async () => {
      const store = await open();
      await store.ensureViews([covered]);
      await checkSums(store, false);
      await store.close();
    });

    it('equal them after a bulk load too', async () => {
      const store = await open();
      await store.ensureViews([covered]);
      await checkSums(store, true);
      await store.close();
    });

    it('merged pages of a query split by a field list what each part’s pages list, merged, through edits, removals and other users', async () => {
      const store = await open();
      await store.ensureViews([covered]);
      await checkMerged(store, await seedCovered(store, false));
      await store.close();
    });

    it('merged pages list the same after a bulk load', async () => {
      const store = await open();
      await store.ensureViews([covered]);
      await checkMerged(store, await seedCovered(store, true));
      await store.close();
    });
  });
}
