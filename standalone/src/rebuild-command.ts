import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { START, type EventStore, type Position } from '@plenty/platform/event-store/port';
import type { ReadStore, ScanKey, StoredDocument } from '@plenty/platform/read-store/port';
import { viewsOf } from '@plenty/projections/apply';
import type { Projection } from '@plenty/projections/projection';
import { storedRecords } from '@plenty/projections/quarantine';
import { createProjector } from '@plenty/projector/runtime';
import { rebuildInShadow, type ShadowProgress } from '@plenty/projector/runtime-shadow';
import { closeOverReads, projectionVersion, shadowTagOf, versionRecord } from '@plenty/projector/runtime-versions';
import { progressLine } from './progress-line.js';

/** A command line the rebuild does not understand: exit code 2 with the reason. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE =
  'Usage: npm run rebuild [-- --view <name>] [--check [--limit <n>]] [--strict]\n' +
  '  --view <name>  rebuild (or check) only the views of the projections connected to this view\n' +
  '  --check        replay into throwaway views and compare them with the live ones; exit 1 on a difference\n' +
  '  --limit <n>    how many differences and quarantined users to print (default 20)\n' +
  '  --strict       exit 1 when an event quarantined a user (without it, they are listed and the exit is 0)\n';

const argsSchema = z.object({
  view: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, 'a view name such as transactions')
    .optional(),
  check: z.boolean(),
  limit: z.coerce.number().int().min(1).max(100_000).default(20),
  strict: z.boolean().default(false),
});
export type RebuildArgs = z.infer<typeof argsSchema>;

/** Parses `--view <name>`, `--view=<name>`, `--check`, `--limit <n>` and `--strict`; anything else is a UsageError. */
export function parseRebuildArgs(argv: readonly string[]): RebuildArgs {
  const raw: { view?: string; check: boolean; limit?: string; strict?: boolean } = { check: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const given = inline ?? argv[(i += 1)];
      if (given === undefined || given === '') throw new UsageError(`${name} needs a value`);
      return given;
    };
    if (name === '--view') raw.view = value();
    else if (name === '--limit') raw.limit = value();
    else if (name === '--check' && inline === undefined) raw.check = true;
    else if (name === '--strict' && inline === undefined) raw.strict = true;
    else throw new UsageError(`unknown argument: ${arg}`);
  }
  const parsed = argsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  return parsed.data;
}

export interface RebuildCommandOptions {
  readonly args: RebuildArgs;
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly codec: EventCodec;
  readonly projections: readonly Projection[];
  /**
   * 'embedded': the projector's checkpoint says how far the live views are; 'distributed':
   * partitions advance on their own, so the live views are taken as of the event store's head
   * (the projector instances stopped, or caught up and idle).
   */
  readonly deployment: 'embedded' | 'distributed';
  /** The embedded projector's checkpoint. */
  readonly checkpointName?: string;
  readonly write: (text: string) => void;
  /** A terminal gets a bar redrawn in place; a log a line every few seconds. */
  readonly interactive: boolean;
  readonly batchSize?: number;
}

/** The projections a command acts on: those connected to `view` by reads, or all with views. */
export function projectionsFor(projections: readonly Projection[], view: string | undefined): Projection[] {
  const withViews = projections.filter((p) => p.views.length > 0);
  if (view === undefined) return withViews;
  const owner = withViews.find((p) => p.views.some((v) => v.name === view));
  if (owner === undefined) {
    const names = withViews.flatMap((p) => p.views.map((v) => v.name)).sort();
    throw new UsageError(`there is no view named ${view}; the views are: ${names.join(', ')}`);
  }
  return closeOverReads(projections, [owner]);
}

function progressPrinter(write: (text: string) => void, interactive: boolean) {
  const started = performance.now();
  let lastLine = -Infinity;
  return {
    update(progress: { applied: number; total: number | null }) {
      const elapsed = performance.now() - started;
      if (interactive) write(`\r${progressLine(progress, elapsed)}`);
      else if (elapsed - lastLine >= 5000) {
        lastLine = elapsed;
        write(`${progressLine(progress, elapsed)}\n`);
      }
    },
    done(events: number) {
      const seconds = (performance.now() - started) / 1000;
      const rate = seconds > 0 ? Math.round(events / seconds) : events;
      if (interactive) write('\n');
      return { seconds, rate };
    },
  };
}

/** Runs `npm run rebuild` against open stores; answers the exit code. */
export async function runRebuildCommand(options: RebuildCommandOptions): Promise<number> {
  const { args, write } = options;
  const target = projectionsFor(options.projections, args.view);
  const viewNames = target.flatMap((p) => p.views.map((v) => v.name));
  if (args.check) return check(options, target);

  write(
    `Rebuilding ${viewNames.join(', ')} from the first event, into new views that replace the live ones at the end\n`,
  );
  const progress = progressPrinter(write, options.interactive);
  let events: number;
  if (options.deployment === 'embedded') {
    const projector = createProjector({
      eventStore: options.eventStore,
      readStore: options.readStore,
      codec: options.codec,
      projections: options.projections,
      ...(options.checkpointName === undefined ? {} : { checkpointName: options.checkpointName }),
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    });
    ({ events } = await projector.rebuild({
      ...(args.view === undefined ? {} : { views: viewNames }),
      onProgress: (p) => progress.update(p),
    }));
  } else {
    const tag = shadowTagOf(target);
    const state = await rebuildInShadow({
      eventStore: options.eventStore,
      readStore: options.readStore,
      codec: options.codec,
      projections: options.projections,
      target,
      tag,
      checkpointName: `rebuild@${tag}`,
      batchSize: options.batchSize ?? 500,
      livePosition: () => options.eventStore.headPosition(),
      exclusive: (work) => work(),
      fresh: true,
      onProgress: (p) => progress.update(p),
    });
    events = state.applied;
  }
  const { seconds, rate } = progress.done(events);
  write(`Rebuilt ${events} events in ${seconds.toFixed(2)} s (${rate} events/s)\n`);
  const quarantined = await listQuarantined(options.readStore, target, args.limit, write);
  return args.strict && quarantined > 0 ? 1 : 0;
}

/**
 * Prints the quarantine records of the projections in a store (a user whose event a
 * projection could not apply; see the projector's quarantine.ts), up to `limit` of them;
 * answers how many there are.
 */
export async function listQuarantined(
  store: ReadStore,
  projections: readonly Projection[],
  limit: number,
  write: (text: string) => void,
): Promise<number> {
  let count = 0;
  const users = new Set<string>();
  for (const projection of projections) {
    for await (const record of storedRecords(store, projection)) {
      count += 1;
      users.add(record.userId);
      if (count > limit) continue;
      const failed = record.failed === null ? 'it could not be decoded' : `${record.failed} failed`;
      write(
        `Quarantined: user=${record.userId} projection=${record.projection} (${record.views.join(', ')}) ` +
          `event=${record.eventId} (${record.eventType}) position=${record.position}: ${failed}: ${record.reason}\n`,
      );
    }
  }
  if (count > limit) write(`... and ${count - limit} more\n`);
  if (count > 0) {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    write(
      `${plural(users.size, 'user')} quarantined (${plural(count, 'record')}): their queries of these ` +
        "projections' views answer view_quarantined until a rebuild applies the events\n",
    );
  }
  return count;
}

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
async function check(options: RebuildCommandOptions, target: readonly Projection[]): Promise<number> {
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
