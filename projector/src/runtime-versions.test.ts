import { describe, expect, it } from 'vitest';
import type { ViewDefinition } from '@plenty/platform/read-store/port';
import type { Projection } from '@plenty/projections/projection';
import { allProjections } from '@plenty/projections/all';
import { closeOverReads, projectionVersion, readGroups, shadowTagOf, versionRecords } from './runtime-versions.js';
import { applyEvents, scratchReadStore } from '@plenty/projections/testing/memory-read-store';
import type { RecordedEvent } from '@plenty/platform/event-store/port';

const event = (type: string, userId: string, position: string): RecordedEvent => ({
  id: `event-${position}`,
  type,
  data: {},
  metadata: { userId, commandId: 'c', correlationId: 'c', occurredAt: '2026-11-01T00:00:00.000Z', schemaVersion: 1 },
  streamId: 'touch-1',
  revision: Number(position),
  position,
  recordedAt: '2026-11-01T00:00:00.000Z',
});

const view = (name: string, fields: ViewDefinition['fields'] = {}): ViewDefinition => ({ name, fields, indexes: [] });

function projection(name: string, views: string[], reads: string[] = [], body?: Projection['apply']): Projection {
  return {
    name,
    views: views.map((v) => view(v)),
    handles: ['Touched'],
    reads,
    apply: body ?? (async () => undefined),
  };
}

describe('projection versions and read groups', () => {
  it('changes a version when the declared version or the shape of a view changes, not otherwise', () => {
    const base: Projection = { ...projection('p', ['a']), version: 1 };
    expect(projectionVersion(base)).toBe(projectionVersion({ ...base, reads: ['x'] }));
    expect(projectionVersion(base)).not.toBe(projectionVersion({ ...base, version: 2 }));
    expect(projectionVersion(base)).not.toBe(projectionVersion({ ...base, views: [view('a', { k: 'text' })] }));
    expect(shadowTagOf([base])).toMatch(/^v[0-9a-f]{11}$/);
    // Whether an index holds every document or only those with its first key changes no
    // document: a file keeps the kind it has, and nothing is rebuilt for it.
    const indexed = (indexes: ViewDefinition['indexes']): Projection => ({
      ...base,
      views: [{ ...view('a', { k: 'text', m: 'text' }), indexes }],
    });
    expect(projectionVersion(indexed([{ fields: ['k', 'm'], sparse: true }]))).toBe(
      projectionVersion(indexed([['k', 'm']])),
    );
    expect(projectionVersion(indexed([{ fields: ['k'], include: ['m'], sparse: true }]))).toBe(
      projectionVersion(indexed([{ fields: ['k'], include: ['m'] }])),
    );
    expect(projectionVersion(indexed([['k', 'm']]))).not.toBe(projectionVersion(indexed([['m', 'k']])));
    expect(shadowTagOf([base])).not.toBe(shadowTagOf([{ ...base, version: 2 }]));
  });

  it('groups projections connected by what they read, and never a projection without views', () => {
    const a = projection('a', ['va']);
    const b = projection('b', ['vb'], ['va']);
    const c = projection('c', ['vc'], ['vb']);
    const d = projection('d', ['vd']);
    const erasure = projection('erasure', []);
    const all = [a, b, c, d, erasure];
    expect(readGroups(all).map((group) => group.map((p) => p.name))).toEqual([['a', 'b', 'c'], ['d']]);
    expect(closeOverReads(all, [c]).map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(closeOverReads(all, [d]).map((p) => p.name)).toEqual(['d']);
    expect(Object.keys(versionRecords(all))).toEqual([
      'projection-version:a',
      'projection-version:b',
      'projection-version:c',
      'projection-version:d',
    ]);
    expect(() => readGroups([projection('x', ['vx'], ['nowhere'])])).toThrow('nowhere');
  });

  it("rebuilds the app's projections in groups that keep each reader with the views it reads", () => {
    const groups = readGroups(allProjections).map((group) => group.map((p) => p.name).sort());
    const groupOf = (name: string) => groups.find((group) => group.includes(name));
    expect(groupOf('transaction-history')).toEqual(expect.arrayContaining(['transactions', 'transaction-totals']));
    expect(groupOf('budget-alerts')).toEqual(expect.arrayContaining(['monthly-summary', 'preferences']));
    expect(groupOf('debt-history')).toEqual(expect.arrayContaining(['debts']));
    expect(groups.flat().sort()).toEqual(
      allProjections
        .filter((p) => p.views.length > 0)
        .map((p) => p.name)
        .sort(),
    );
  });

  it('fails a projection that reads a view it neither owns nor declares, and lets a declared read through', async () => {
    const owner = projection('owner', ['owned'], [], async (e, uow) =>
      uow.put('owned', 'u', 'doc', { n: 1 }, e.position),
    );
    const sneaky = projection('sneaky', ['mine'], [], async (e, uow) => {
      await uow.get('owned', 'u', 'doc');
    });
    const honest = projection('honest', ['mine2'], ['owned'], async (e, uow) => {
      const found = await uow.get<{ n: number }>('owned', 'u', 'doc');
      uow.put('mine2', 'u', 'copy', { n: found?.doc.n ?? 0 }, e.position);
    });
    const trespasser = projection('trespasser', ['mine3'], ['owned'], async (e, uow) => {
      uow.put('owned', 'u', 'doc', { n: 2 }, e.position);
    });
    const { store, dispose } = await scratchReadStore([owner, sneaky, honest, trespasser]);
    try {
      const touched = event('Touched', 'u', '1');
      await expect(applyEvents(store, [owner, sneaky], [touched])).rejects.toThrow(
        'sneaky reads the view owned, which it neither writes nor declares in reads',
      );
      // A declared read sees the view as it stood before the event: the owner's write of the
      // first event shows at the second.
      await applyEvents(store, [owner, honest], [touched]);
      expect((await store.get('mine2', 'u', 'copy'))?.doc).toEqual({ n: 0 });
      await applyEvents(store, [owner, honest], [event('Touched', 'u', '2')]);
      expect((await store.get('mine2', 'u', 'copy'))?.doc).toEqual({ n: 1 });
      await expect(applyEvents(store, [trespasser], [event('Touched', 'u', '2')])).rejects.toThrow(
        'trespasser writes the view owned',
      );
      // findByField is a read too.
      const finder = projection('finder', ['mine4'], [], async (_e, uow) => {
        await uow.findByField('owned', 'u', 'n', 1);
      });
      await expect(applyEvents(store, [finder], [event('Touched', 'u', '3')])).rejects.toThrow(
        'finder reads the view owned',
      );
    } finally {
      await dispose();
    }
  });
});
