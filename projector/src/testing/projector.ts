import { allProjections } from '@plenty/projections/all';
import type { TestStores } from '@plenty/platform/testing/stores';
import { createProjector } from '../runtime.js';
import type { Projector, ProjectorOptions } from '../runtime-api.js';

/**
 * A projector over the test stores' event log and codec, writing to `options.readStore` and
 * running every projection unless `options.projections` names others.
 */
export function projectorOver(
  stores: Pick<TestStores, 'eventStore' | 'codec'>,
  options: Omit<ProjectorOptions, 'eventStore' | 'codec' | 'projections'> &
    Partial<Pick<ProjectorOptions, 'projections'>>,
): Projector {
  return createProjector({
    eventStore: stores.eventStore,
    codec: stores.codec,
    projections: allProjections,
    ...options,
  });
}
