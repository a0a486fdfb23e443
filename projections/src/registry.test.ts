import { describe, expect, it } from 'vitest';
import { PROJECTION_NAMES, VIEW_OWNERS } from '@plenty/contracts/views/registry';
import { allProjections } from './all.js';

describe('the view registry', () => {
  it('names every projection that runs, and no other', () => {
    expect(allProjections.map((p) => p.name).sort()).toEqual([...PROJECTION_NAMES].sort());
  });

  it('names every view a projection writes, with that projection as its owner, and no other view', () => {
    const written = Object.fromEntries(allProjections.flatMap((p) => p.views.map((view) => [view.name, p.name])));
    expect(written).toEqual(VIEW_OWNERS);
  });
});
