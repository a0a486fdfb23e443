import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CommandsInFlight } from '@plenty/command-api/account/commands-in-flight';
import { debtStream } from '@plenty/command-api/debt/debt.stream';
import { importRows } from '@plenty/command-api/import/import-rows';
import { importStream } from '@plenty/command-api/import/import.stream';
import { runCommand, type PipelineDeps } from '@plenty/command-api/pipeline/run-command';
import type { Command, StreamDefinition } from '@plenty/command-api/pipeline/stream-definition';
import { ProfileCache } from '@plenty/command-api/profile/profile-cache';
import { profileStream } from '@plenty/command-api/profile/profile.stream';
import { recurringStream } from '@plenty/command-api/recurring/recurring.stream';
import { testCaller } from '@plenty/command-api/testing/stores';
import { postOccurrenceStream } from '@plenty/command-api/transaction/post-occurrence.stream';
import { transactionStream } from '@plenty/command-api/transaction/transaction.stream';
import { transferStream } from '@plenty/command-api/transfer/transfer.stream';
import { commandRegistry, type CommandName } from '@plenty/contracts/commands/registry';
import { importRowsRequestSchema } from '@plenty/contracts/imports';
import { START } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { openTestStores } from '@plenty/platform/testing/stores';
import { eventApplier, viewsOf } from '@plenty/projections/apply';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import type { Projector } from '@plenty/projector/runtime-api';
import { FILE_SHA, IMPORT_ROWS, commands, readSide, users, type Step } from './command-steps.js';

/**
 * Random command sequences of two users (import rows sent as `POST /api/imports/rows` sends them),
 * each body parsed with the command registry's schema as
 * its route parses it and carried out by the command pipeline with the real stream definitions
 * on a SQLite event store, projected while they happen: in batches of random size, with a
 * restart of the projector at random points and earlier events delivered again. At the end
 * the read models must equal a rebuild from the first event.
 */

type Definitions = Partial<Record<CommandName, StreamDefinition<Command, unknown, unknown>>>;

/** The stream definitions of the money, recurring and import commands, as the command API runs them (no receipts). */
function definitions(deps: PipelineDeps): Definitions {
  const profiles = new ProfileCache(deps.eventStore, deps.codec);
  const transactions = transactionStream({ profiles, blobs: null, receipts: null });
  const imports = importStream({ ...deps, transactions });
  const transfers = transferStream({ profiles });
  const debts = debtStream({ profiles });
  const rules = { profiles, eventStore: deps.eventStore, codec: deps.codec };
  const recurring = recurringStream(rules);
  const table: Partial<Record<CommandName, unknown>> = {};
  for (const name of Object.keys(commandRegistry) as CommandName[]) {
    const { stream } = commandRegistry[name];
    // On a transaction stream too, but decided from its recurring rule.
    if (name === 'PostOccurrence') table[name] = postOccurrenceStream(rules);
    else if (stream === 'transaction') table[name] = transactions;
    else if (stream === 'recurring') table[name] = recurring;
    else if (stream === 'transfer') table[name] = transfers;
    else if (stream === 'profile') table[name] = profileStream;
    else if (stream === 'debt') table[name] = debts;
    else if (stream === 'import') table[name] = imports;
  }
  return table as Definitions;
}

/**
 * `POST /api/imports/rows` as its route carries it out, for the rows of an import; with `start`,
 * the batch's StartImport is sent first, as the browser sends it before the rows.
 */
function rowsService(deps: PipelineDeps, table: Definitions): (step: Step) => Promise<void> {
  const rowDeps = {
    ...deps,
    profiles: new ProfileCache(deps.eventStore, deps.codec),
    inFlight: new CommandsInFlight({ has: async () => false }),
  };
  return async (step) => {
    const { user, body } = step;
    const { start, ...request } = body;
    if (start === true) {
      const opening = {
        batchId: request.batchId,
        fileName: 'kbank.csv',
        fileSha256: FILE_SHA,
        source: 'csv',
        rowCount: 4,
      };
      await send(deps, table, async () => undefined, { user, name: 'StartImport', body: opening });
    }
    const parsed = importRowsRequestSchema.safeParse(request);
    if (!parsed.success) return;
    await importRows(rowDeps, testCaller(users[user]), parsed.data).catch((error: unknown) => {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    });
  };
}

/**
 * Sends one command as its route would: the body parsed with the registry's schema (a body
 * the route would refuse with 400 is not sent), then the pipeline. Refused commands (not found,
 * conflicts, rules) change nothing; that is part of the test.
 */
async function send(
  deps: PipelineDeps,
  table: Definitions,
  rows: (step: Step) => Promise<void>,
  step: Step,
): Promise<void> {
  const { user, name, body } = step;
  if (name === IMPORT_ROWS) return rows(step);
  const definition = table[name];
  if (definition === undefined) throw new Error(`no stream definition for ${name}`);
  const parsed = commandRegistry[name].schema.safeParse({ commandId: randomUUID(), ...body });
  if (!parsed.success) return;
  const data = parsed.data as Command['data'];
  await runCommand(deps, definition, { type: name, data }, testCaller(users[user])).catch((error: unknown) => {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  });
}

async function everyDocument(store: ReadStore): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const view of viewsOf(allProjections))
    for (const user of users) {
      const page = await store.find(view.name, { userId: user.uid, sort: [], limit: 100_000 });
      result[`${view.name}/${user.uid}`] = page.items.map((item) => item.doc);
    }
  return result;
}

describe('read models built while commands happen', () => {
  it('equal a rebuild from the first event, whatever the batches, restarts and redeliveries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(commands, readSide), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        async (steps, batchSize) => {
          const stores = await openTestStores('replay-property');
          const { eventStore, codec } = stores;
          const deps: PipelineDeps = { eventStore, codec, now: () => new Date('2026-11-20T10:00:00Z') };
          const table = definitions(deps);
          const rows = rowsService(deps, table);
          const liveFile = join(stores.dir, 'live.db');
          const open = async (): Promise<{ store: ReadStore; projector: Projector }> => {
            const store = await openSqliteReadStore({ path: liveFile });
            return {
              store,
              projector: createProjector({
                eventStore,
                readStore: store,
                codec,
                projections: allProjections,
                batchSize,
              }),
            };
          };
          let live = await open();
          const rebuiltStore = await openSqliteReadStore({ path: join(stores.dir, 'rebuilt.db') });
          try {
            for (const [step, after] of steps) {
              await send(deps, table, rows, step);
              if (after.kind === 'catch-up') await live.projector.catchUp();
              else if (after.kind === 'restart') {
                await live.projector.stop();
                await live.store.close();
                live = await open();
              } else if (after.kind === 'redeliver') {
                // At-least-once delivery: events already applied arrive again in a later batch.
                const applied = await live.projector.current();
                const events = await eventStore.readAll({ after: START, maxCount: 100_000 });
                const seen = events.filter((event) => BigInt(event.position) <= BigInt(applied));
                if (seen.length === 0) continue;
                const start = after.from % seen.length;
                const again = seen.slice(start, start + after.count);
                const applyEvent = eventApplier(codec, allProjections);
                await live.store.applyBatch('projector', applied, async (uow) => {
                  for (const event of again) await applyEvent(event, uow);
                });
              }
            }
            await live.projector.catchUp();
            const rebuilt = createProjector({
              eventStore,
              readStore: rebuiltStore,
              codec,
              projections: allProjections,
            });
            await rebuilt.rebuild();
            expect(await everyDocument(live.store)).toEqual(await everyDocument(rebuiltStore));
          } finally {
            await live.projector.stop();
            await Promise.all([live.store.close(), rebuiltStore.close()]);
            await stores.close();
          }
        },
      ),
      { numRuns: 60 },
    );
    // Sixty histories, each projected live, restarted and rebuilt: a bound for a hang, not a
    // speed check (two cores shared with other suites can make this several minutes).
  }, 600_000);
});
