import { z } from 'zod';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { Projection } from '@plenty/projections/projection';
import { createProjector } from '@plenty/projector/runtime';
import { rebuildInShadow } from '@plenty/projector/runtime-shadow';
import { closeOverReads, shadowTagOf } from '@plenty/projector/runtime-versions';
import { check } from './rebuild-check.js';
import { listQuarantined, progressPrinter } from './rebuild-output.js';

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
