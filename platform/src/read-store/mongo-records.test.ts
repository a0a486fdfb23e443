import type { Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { encodeCursor, positionKey } from './keys.js';
import {
  buildFindQuery,
  coerce,
  collectionName,
  cursorAfter,
  declaredIndexes,
  guardedWrites,
  indexValues,
  recordKey,
  storedKey,
  toRecord,
  UNIQUE_INDEX,
} from './mongo-records.js';
import { items, query } from './mongo.fixture.js';
import { matches } from './mongo-fake-query.js';
import { InvalidCursorError, type ViewDefinition } from './port.js';

describe('MongoDB find query', () => {
  it("selects the user's live documents with equality filters on the indexed values", () => {
    const { filter, limit } = buildFindQuery(items, query({ where: { kind: 'a', score: 3 } }));
    expect(filter).toEqual({ userId: 'u', doc: { $ne: null }, 'f.kind': 'a', 'f.score': 3 });
    expect(limit).toBe(11);
  });

  it('orders by id alone when no sort is asked for', () => {
    expect(buildFindQuery(items, query()).sort).toEqual([['id', 1]]);
  });

  it("sorts on the fields in order, the id last in the last sort's direction", () => {
    expect(buildFindQuery(items, query({ sort: [{ field: 'score', direction: 'desc' }] })).sort).toEqual([
      ['f.score', -1],
      ['id', -1],
    ]);
    const mixed = buildFindQuery(
      items,
      query({
        sort: [
          { field: 'kind', direction: 'desc' },
          { field: 'score', direction: 'asc' },
        ],
      }),
    );
    expect(mixed.sort).toEqual([
      ['f.kind', -1],
      ['f.score', 1],
      ['id', 1],
    ]);
  });

  it("continues after the cursor's row: past it on some key while equal on every key before", () => {
    const { filter } = buildFindQuery(
      items,
      query({
        where: { kind: 'a' },
        sort: [
          { field: 'kind', direction: 'desc' },
          { field: 'score', direction: 'desc' },
        ],
        cursor: encodeCursor(['a', 3, 'id-7']),
      }),
    );
    expect(filter).toEqual({
      userId: 'u',
      doc: { $ne: null },
      'f.kind': 'a',
      $or: [
        { 'f.kind': { $lt: 'a' } },
        { 'f.kind': 'a', 'f.score': { $lt: 3 } },
        { 'f.kind': 'a', 'f.score': 3, id: { $lt: 'id-7' } },
      ],
    });
    const ascending = buildFindQuery(items, query({ cursor: encodeCursor(['id-7']) }));
    expect(ascending.filter.$or).toEqual([{ id: { $gt: 'id-7' } }]);
  });

  it("converts filter and cursor values to the field's type, as SQLite's column affinity does", () => {
    const { filter } = buildFindQuery(
      items,
      query({
        where: { kind: 5, score: '7' },
        sort: [{ field: 'score', direction: 'asc' }],
        cursor: encodeCursor(['8', 9]),
      }),
    );
    expect(filter).toMatchObject({ 'f.kind': '5', 'f.score': 7 });
    expect(filter.$or).toEqual([{ 'f.score': { $gt: 8 } }, { 'f.score': 8, id: { $gt: '9' } }]);
    expect(coerce('integer', 'seven')).toBe('seven');
    expect(coerce('integer', ' 1e3 ')).toBe(1000);
    expect(coerce('text', 1.5)).toBe('1.5');
    expect(coerce('text', null)).toBeNull();
  });

  it('refuses a malformed cursor and one made for another sort', () => {
    expect(() => buildFindQuery(items, query({ cursor: 'not-a-cursor' }))).toThrow(InvalidCursorError);
    expect(() => buildFindQuery(items, query({ cursor: encodeCursor([1, 'x']) }))).toThrow(InvalidCursorError);
    expect(() =>
      buildFindQuery(items, query({ sort: [{ field: 'score', direction: 'asc' }], cursor: encodeCursor(['x']) })),
    ).toThrow(InvalidCursorError);
  });

  it('refuses filters and sorts on fields that are not indexed', () => {
    expect(() => buildFindQuery(items, query({ where: { label: 'x' } }))).toThrow(
      'not an indexed field of items: label',
    );
    expect(() => buildFindQuery(items, query({ where: { toString: 'x' } }))).toThrow('not an indexed field');
    expect(() => buildFindQuery(items, query({ sort: [{ field: 'label', direction: 'asc' }] }))).toThrow(
      'not an indexed field of items: label',
    );
  });

  it("encodes the next cursor from the last record's sort values and id", () => {
    const record = {
      ...toRecord(items, { userId: 'u', id: 'd1', doc: { kind: 'a', score: 4 }, position: '5' }),
      _id: recordKey('u', 'd1'),
    };
    const sorted = query({ sort: [{ field: 'score', direction: 'asc' }] });
    expect(cursorAfter(sorted, record)).toBe(encodeCursor([4, 'd1']));
    expect(cursorAfter(query(), record)).toBe(encodeCursor(['d1']));
  });
});

describe('MongoDB indexes', () => {
  it('declares one index per view index: userId, the fields in order, then id', () => {
    const indexes = declaredIndexes(items);
    expect(indexes).toEqual([
      { key: { userId: 1, 'f.kind': 1, 'f.score': 1, id: 1 }, name: 'ix_kind_score' },
      { key: { userId: 1, 'f.score': 1, id: 1 }, name: 'ix_score' },
    ]);
    expect(Object.keys(indexes[0]?.key ?? {})).toEqual(['userId', 'f.kind', 'f.score', 'id']);
  });

  it('declares a sparse index with a filter that holds the records whose first key has a value', () => {
    const view: ViewDefinition = {
      ...items,
      fields: { ...items.fields, label: 'text' },
      indexes: [
        { fields: ['label', 'kind'], sparse: true },
        { fields: ['score'], sparse: true },
      ],
    };
    const [byLabel, byScore] = declaredIndexes(view);
    expect(byLabel).toEqual({
      key: { userId: 1, 'f.label': 1, 'f.kind': 1, id: 1 },
      name: 'ix_label_kind',
      partialFilterExpression: { 'f.label': { $gte: '' } },
    });
    expect(byScore?.partialFilterExpression).toEqual({ 'f.score': { $gte: -Infinity } });
    // The records the filter holds: every value of the field's type, '' and 0 included, no null.
    const held = (doc: Record<string, unknown>) =>
      matches(toRecord(view, { userId: 'u', id: 'd', doc, position: '1' }), byLabel?.partialFilterExpression ?? {});
    expect([held({ label: 'x' }), held({ label: '' }), held({ label: 7 }), held({ label: null }), held({})]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const scored = (doc: Record<string, unknown>) =>
      matches(toRecord(view, { userId: 'u', id: 'd', doc, position: '1' }), byScore?.partialFilterExpression ?? {});
    expect([scored({ score: 0 }), scored({ score: -5 }), scored({ score: null }), scored({})]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('makes (userId, id) unique in every view', () => {
    expect(UNIQUE_INDEX).toEqual({ key: { userId: 1, id: 1 }, name: 'userId_id', unique: true });
  });

  it('refuses an index on a field the view does not declare, and names that are not identifiers', () => {
    expect(() => declaredIndexes({ ...items, indexes: [['label']] })).toThrow('not an indexed field of items: label');
    expect(() => collectionName('x; drop')).toThrow('not a valid view or field name');
    expect(collectionName('transactions')).toBe('view_transactions');
  });
});

describe('MongoDB records', () => {
  it('hold every declared field, null when the document has no such value', () => {
    expect(indexValues(items, { kind: 'a', score: 2, other: 1 })).toEqual({ kind: 'a', score: 2 });
    expect(indexValues(items, { kind: ['not', 'scalar'] })).toEqual({ kind: null, score: null });
    expect(indexValues(items, null)).toEqual({ kind: null, score: null });
  });

  it("take derived values from the view's indexValues", () => {
    const derived: ViewDefinition = {
      name: 'd',
      fields: { total: 'integer' },
      indexes: [],
      indexValues: () => ({ total: 9 }),
    };
    expect(indexValues(derived, { parts: [4, 5] })).toEqual({ total: 9 });
  });

  it('store the document as JSON would, the position and its sortable key', () => {
    const record = toRecord(items, {
      userId: 'u',
      id: 'd',
      doc: { kind: 'a', note: undefined, at: new Date('2026-01-02T03:04:05Z') },
      position: '42',
    });
    expect(record).toEqual({
      userId: 'u',
      id: 'd',
      doc: { kind: 'a', at: '2026-01-02T03:04:05.000Z' },
      position: '42',
      posKey: positionKey('42'),
      f: { kind: 'a', score: null },
    });
    expect(Object.keys(record.doc ?? {})).not.toContain('note');
  });

  it('key records by user and id in a fixed field order', () => {
    expect(Object.keys(recordKey('u', 'd'))).toEqual(['u', 'i']);
  });
});

describe('MongoDB position guards', () => {
  const write = (id: string, position: string, doc: Document | null = { kind: 'a', score: 1 }) => ({
    userId: 'u',
    id,
    doc,
    position,
  });

  it('inserts a record that does not exist with an upsert on _id alone', () => {
    const [operation] = guardedWrites(items, [write('new', '5')], new Map());
    expect(operation).toEqual({
      replaceOne: {
        filter: { _id: { u: 'u', i: 'new' } },
        replacement: toRecord(items, write('new', '5')),
        upsert: true,
      },
    });
  });

  it('replaces an older record only while its stored position is still older, without upsert', () => {
    const stored = new Map([[storedKey('u', 'old'), positionKey('3')]]);
    const [operation] = guardedWrites(items, [write('old', '5')], stored);
    expect(operation).toEqual({
      replaceOne: {
        filter: { _id: { u: 'u', i: 'old' }, posKey: { $lt: positionKey('5') } },
        replacement: toRecord(items, write('old', '5')),
        upsert: false,
      },
    });
  });

  it('writes nothing for a record whose stored position is the same or newer', () => {
    const stored = new Map([
      [storedKey('u', 'same'), positionKey('5')],
      [storedKey('u', 'newer'), positionKey('6')],
    ]);
    expect(guardedWrites(items, [write('same', '5'), write('newer', '5', null)], stored)).toEqual([]);
  });

  it('compares positions by value, not by text, also for commit/prepare positions', () => {
    const stored = new Map([
      [storedKey('u', 'a'), positionKey('9')],
      [storedKey('u', 'b'), positionKey('100/90')],
    ]);
    const operations = guardedWrites(items, [write('a', '10'), write('b', '99/98')], stored);
    expect(operations).toHaveLength(1);
    expect(operations[0]).toMatchObject({ replaceOne: { filter: { _id: { u: 'u', i: 'a' } } } });
  });

  it('writes a removal as a tombstone that keeps its position', () => {
    const [operation] = guardedWrites(items, [write('gone', '7', null)], new Map());
    expect(operation).toMatchObject({
      replaceOne: { replacement: { doc: null, position: '7', f: { kind: null, score: null } } },
    });
  });
});
