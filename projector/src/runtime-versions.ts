import { createHash } from 'node:crypto';
import type { Position } from '@plenty/platform/event-store/port';
import { indexShape, type ReadStore } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import type { Projection } from '@plenty/projections/projection';

const hash = (value: unknown, length: number) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, length);

/**
 * What a projection's stored views are built by: its declared version and the shape of its
 * views (names, indexed fields, indexes). Read models whose record differs were built by
 * other code.
 */
export function projectionVersion(projection: Projection): string {
  return hash(
    {
      version: projection.version ?? 1,
      // An index's shape, not whether it is sparse: that changes no document, and a file keeps
      // the kind of index it has, so it is no reason to rebuild.
      views: projection.views.map((view) => ({
        name: view.name,
        fields: view.fields,
        indexes: view.indexes.map(indexShape),
      })),
    },
    16,
  );
}

/** The checkpoint-like record holding the version a projection's stored views were built by. */
export const versionRecord = (projection: Projection): string => `projection-version:${projection.name}`;

/** The version records of projections, as `ReadStore.promote` writes them. */
export function versionRecords(projections: readonly Projection[]): Record<string, string> {
  return Object.fromEntries(
    projections.filter((p) => p.views.length > 0).map((p) => [versionRecord(p), projectionVersion(p)]),
  );
}

/** The projection that owns each view. */
export function viewOwners(projections: readonly Projection[]): Map<string, Projection> {
  const owners = new Map<string, Projection>();
  for (const projection of projections) {
    for (const view of projection.views) {
      const owner = owners.get(view.name);
      if (owner !== undefined) throw new Error(`view ${view.name} is written by ${owner.name} and ${projection.name}`);
      owners.set(view.name, projection);
    }
  }
  return owners;
}

/**
 * The projections with views, in groups connected by what they read (`reads`): a projection
 * reading another's view is rebuilt together with it, so a rebuild never reads a view at
 * another position in history. Projections without views of their own are in no group.
 */
export function readGroups(projections: readonly Projection[]): Projection[][] {
  const owners = viewOwners(projections);
  const parent = new Map<Projection, Projection>();
  const root = (p: Projection): Projection => {
    let current = p;
    for (let next = parent.get(current); next !== undefined && next !== current; next = parent.get(current)) {
      current = next;
    }
    return current;
  };
  const withViews = projections.filter((p) => p.views.length > 0);
  for (const projection of withViews) parent.set(projection, projection);
  for (const projection of projections) {
    for (const read of projection.reads ?? []) {
      const owner = owners.get(read);
      if (owner === undefined) throw new Error(`${projection.name} reads ${read}, a view no projection writes`);
      if (projection.views.length === 0 || owner === projection) continue;
      parent.set(root(projection), root(owner));
    }
  }
  const groups = new Map<Projection, Projection[]>();
  for (const projection of withViews) {
    const key = root(projection);
    groups.set(key, [...(groups.get(key) ?? []), projection]);
  }
  return [...groups.values()];
}

/** The projections of every group holding one of `selected`, in the order of `projections`. */
export function closeOverReads(projections: readonly Projection[], selected: readonly Projection[]): Projection[] {
  const chosen = new Set(
    readGroups(projections)
      .filter((group) => group.some((p) => selected.includes(p)))
      .flat(),
  );
  return projections.filter((p) => chosen.has(p));
}

/** The checkpoint of a shadow rebuild, next to the live checkpoint it catches up with. */
export const shadowCheckpointName = (checkpointName: string, tag: string): string => `${checkpointName}@${tag}`;

/** The shadow tag of a rebuild of these projections: the same projections and versions give the same tag. */
export function shadowTagOf(projections: readonly Projection[]): string {
  return `v${hash(
    projections.map((p) => [p.name, projectionVersion(p)]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    11,
  )}`;
}

/** Whose views `projection` may read while applying: its own and those it declares. */
export function readableViews(projection: Projection): Set<string> {
  return new Set([...projection.views.map((v) => v.name), ...(projection.reads ?? [])]);
}

/** The projections with views whose version recorded in the read store is not the code's. */
export async function outdatedProjections(
  readStore: ReadStore,
  projections: readonly Projection[],
): Promise<Projection[]> {
  const found: Projection[] = [];
  for (const projection of projections) {
    if (projection.views.length === 0) continue;
    if ((await readStore.getCheckpoint(versionRecord(projection))) !== projectionVersion(projection))
      found.push(projection);
  }
  return found;
}

/**
 * Sets up the projections' views in a read store and says which projections are stale. A
 * store holding no read models yet (no checkpoint) gets every version recorded: all its views
 * are built live from the first event. Otherwise the stale ones are those whose recorded
 * version differs, with every projection connected to them by `reads`. Shadows of rebuilds
 * nobody will finish (the code changed again) are dropped.
 */
export async function openReadModels(
  readStore: ReadStore,
  projections: readonly Projection[],
  checkpointName: string,
): Promise<{ checkpoint: Position | null; stale: Projection[] }> {
  await readStore.ensureViews(viewsOf(projections));
  const checkpoint = await readStore.getCheckpoint(checkpointName);
  let stale: Projection[] = [];
  if (checkpoint === null) {
    for (const [name, version] of Object.entries(versionRecords(projections))) {
      await readStore.applyBatch(name, version, async () => undefined);
    }
  } else {
    stale = closeOverReads(projections, await outdatedProjections(readStore, projections));
  }
  const keep = stale.length > 0 ? shadowTagOf(stale) : null;
  for (const tag of await readStore.shadowTags()) {
    if (tag.startsWith('v') && tag !== keep) await readStore.dropShadow(tag, shadowCheckpointName(checkpointName, tag));
  }
  return { checkpoint, stale };
}

/** The projections writing any of `views` (every projection with views when left out); throws naming a view nobody writes. */
export function owning(projections: readonly Projection[], views?: readonly string[]): Projection[] {
  const written = new Set(projections.flatMap((p) => p.views.map((view) => view.name)));
  const unknown = (views ?? []).filter((name) => !written.has(name));
  if (unknown.length > 0) throw new Error(`no projection writes ${unknown.join(', ')}`);
  return projections.filter(
    (p) => p.views.length > 0 && (views === undefined || p.views.some((view) => views.includes(view.name))),
  );
}
