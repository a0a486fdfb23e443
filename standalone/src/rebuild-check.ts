import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { START, type Position } from '@plenty/platform/event-store/port';
import type { ReadStore, ScanKey, StoredDocument } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import type { Projection } from '@plenty/projections/projection';
import { rebuildInShadow, type ShadowProgress } from '@plenty/projector/runtime-shadow';
import { projectionVersion, versionRecord } from '@plenty/projector/runtime-versions';
import type { RebuildCommandOptions } from './rebuild-command.js';
import { listQuarantined, progressPrinter } from './rebuild-output.js';

/* `npm run rebuild -- --check`: replays into throwaway views and compares them with the live ones. */

export interface Difference {
  readonly view: string;
  readonly userId: string;
  readonly id: string;
  /** A dotted path into the document, or what is missing where. */
  readonly field: string;
  readonly live: unknown;
  readonly rebuilt: unknown;
}

/** The paths at which two documents differ (at most `max`), '' for the whole value. */
export function differingFields(live: unknown, rebuilt: unknown, max = 5, path = ''): string[] {
  if (isDeepStrictEqual(live, rebuilt)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (!isObject(live) || !isObject(rebuilt) || Array.isArray(live) !== Array.isArray(rebuilt))
    return [path || '(document)'];
  const keys = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
  const found: string[] = [];
  for (const key of keys) {
    if (found.length >= max) break;
    found.push(...differingFields(live[key], rebuilt[key], max - found.length, path === '' ? key : `${path}.${key}`));
  }
  return found;
}

const valueAt = (doc: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
      doc,
    );

/** Every live document of a view in (user, id) order. */
async function* scanAll(store: ReadStore, view: string): AsyncGenerator<StoredDocument> {
  let after: ScanKey | undefined;
  for (;;) {
    const page = await store.scan(view, { limit: 1000, ...(after === undefined ? {} : { after }) });
    yield* page;
    const last = page.at(-1);
    if (last === undefined || page.length < 1000) return;
    after = { userId: last.userId, id: last.id };
  }
}

const keyOrder = (a: StoredDocument, b: StoredDocument) =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Compares two stores' documents of a view, key by key and field by field. Compared: each
 * live document's content (the JSON the queries read). Not compared: the positions stored
 * with them (a document touched last by an event later erased may keep another) and
 * tombstones, which no query returns.
 */
export async function compareView(
  live: ReadStore,
  rebuilt: ReadStore,
  view: string,
  onDifference: (difference: Difference) => void,
): Promise<number> {
  const left = scanAll(live, view);
  const right = scanAll(rebuilt, view);
  let a = await left.next();
  let b = await right.next();
  let compared = 0;
  while (!a.done || !b.done) {
    compared += 1;
    const order = a.done ? 1 : b.done ? -1 : keyOrder(a.value, b.value);
    if (order < 0 && !a.done) {
      onDifference({
        view,
        userId: a.value.userId,
        id: a.value.id,
        field: '(only in the live view)',
        live: a.value.doc,
        rebuilt: undefined,
      });
      a = await left.next();
    } else if (order > 0 && !b.done) {
      onDifference({
        view,
        userId: b.value.userId,
        id: b.value.id,
        field: '(only in the rebuild)',
        live: undefined,
        rebuilt: b.value.doc,
      });
      b = await right.next();
    } else if (!a.done && !b.done) {
      for (const field of differingFields(a.value.doc, b.value.doc)) {
        onDifference({
          view,
          userId: a.value.userId,
          id: a.value.id,
          field,
          live: field === '(document)' ? a.value.doc : valueAt(a.value.doc, field),
          rebuilt: field === '(document)' ? b.value.doc : valueAt(b.value.doc, field),
        });
      }
      a = await left.next();
      b = await right.next();
    }
  }
  return compared;
}

const shown = (value: unknown) => {
  const text = value === undefined ? '(none)' : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/**
 * `--check`: replays the history up to the live views' position into throwaway shadow views,
 * compares them with the live ones document by document, prints the differences and drops
 * the throwaway views. Exit 0 when identical, 1 otherwise.
 */
export async function check(options: RebuildCommandOptions, target: readonly Projection[]): Promise<number> {
  const { readStore, write, args } = options;
  const checkpointName = options.checkpointName ?? 'projector';
  const until: Position =
    options.deployment === 'embedded'
      ? ((await readStore.getCheckpoint(checkpointName)) ?? START)
      : await options.eventStore.headPosition();
  for (const projection of target) {
    if ((await readStore.getCheckpoint(versionRecord(projection))) !== projectionVersion(projection)) {
      write(`Note: ${projection.name} was built by other code (a rebuild of it is due); differences are expected\n`);
    }
  }
  await readStore.ensureViews(viewsOf(target));
  if (options.deployment === 'embedded') {
    // Throwaway views of a check that was killed: nobody else checks while this one holds the lock.
    for (const leftover of await readStore.shadowTags()) {
      if (leftover.startsWith('c')) await readStore.dropShadow(leftover, `check@${leftover}`);
    }
  }
  const tag = `c${randomBytes(5).toString('hex')}`;
  const shadowCheckpoint = `check@${tag}`;
  // The quarantine views too: the users a fresh replay quarantines are those the live views have quarantined.
  const views = viewsOf(target).map((v) => v.name);
  write(`Checking ${views.join(', ')}: replaying up to position ${until} into throwaway views\n`);
  const progress = progressPrinter(write, options.interactive);
  try {
    const state: ShadowProgress = await rebuildInShadow({
      eventStore: options.eventStore,
      readStore,
      codec: options.codec,
      projections: options.projections,
      target,
      tag,
      checkpointName: shadowCheckpoint,
      batchSize: options.batchSize ?? 500,
      livePosition: () => until,
      exclusive: (work) => work(),
      fresh: true,
      promote: false,
      onProgress: (p) => progress.update(p),
    });
    progress.done(state.applied);
    const shadow = readStore.shadow(tag);
    await shadow.ensureViews(viewsOf(target));
    let differences = 0;
    let documents = 0;
    const differingViews = new Set<string>();
    for (const view of views) {
      const started = performance.now();
      const before = documents;
      documents += await compareView(readStore, shadow, view, (difference) => {
        differences += 1;
        differingViews.add(difference.view);
        if (differences <= args.limit) {
          write(
            `${difference.view} user=${difference.userId} id=${difference.id} field=${difference.field}: ` +
              `live ${shown(difference.live)}, rebuilt ${shown(difference.rebuilt)}\n`,
          );
        }
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      write(`Compared ${view}: ${documents - before} documents in ${seconds} s\n`);
    }
    if (differences > args.limit) write(`... and ${differences - args.limit} more\n`);
    write(
      differences === 0
        ? `Identical: ${documents} documents in ${views.length} views equal a fresh rebuild of ${state.applied} events\n`
        : `${differences} differences in ${differingViews.size} of ${views.length} views (${documents} documents compared)\n`,
    );
    const quarantined = await listQuarantined(shadow, target, args.limit, write);
    return differences > 0 || (args.strict && quarantined > 0) ? 1 : 0;
  } finally {
    await readStore.dropShadow(tag, shadowCheckpoint);
  }
}
