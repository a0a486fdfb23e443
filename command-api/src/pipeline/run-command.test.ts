import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventIdFor } from '@plenty/contracts/ids';
import { EventSchemaError } from '@plenty/platform/crypto/event-codec';
import { HttpError } from '@plenty/platform/http/errors';
import type { EventStore } from '@plenty/platform/event-store/port';
import { runCommand, type PipelineDeps } from './run-command.js';
import type { Appended, Command, StreamDefinition } from './stream-definition.js';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { metadataOf } from '@plenty/platform/testing/new-event';
import { testCaller, testUser } from '../testing/stores.js';

let stores: TestStores;
let eventStore: EventStore;
let deps: PipelineDeps;

beforeEach(async () => {
  stores = await openTestStores('pipeline');
  eventStore = stores.eventStore;
  deps = { eventStore, codec: stores.codec, now: () => new Date('2026-11-20T10:00:00Z') };
});

afterEach(() => stores.close());

const transactionAdded = (transactionId: string, amount: number) => ({
  type: 'TransactionAdded',
  data: {
    transactionId,
    type: 'expense',
    amount: { amount, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-20',
  },
});

const caller = testCaller(testUser('alice'));
const command = (): Command => ({ type: 'Add', data: { commandId: randomUUID() } });

/** Folds the amounts the stream holds; decides one more transaction of `amount`. */
const adding = (transactionId: string, amount: number): StreamDefinition<Command, number[]> => ({
  initialState: [],
  evolve: (state, event) => [...state, (event.data as { amount: { amount: number } }).amount.amount],
  streamId: () => `transaction-${transactionId}`,
  decide: () => [transactionAdded(transactionId, amount)],
});

describe('command pipeline', () => {
  it('appends nothing when the decision would record data its event schema refuses', async () => {
    const transactionId = randomUUID();
    await expect(runCommand(deps, adding(transactionId, 2 ** 60), command(), caller)).rejects.toThrow(EventSchemaError);
    expect(await eventStore.readStream(`transaction-${transactionId}`)).toEqual([]);
  });

  it('folds a stream that holds an event out of its schema, as stored', async () => {
    const transactionId = randomUUID();
    const streamId = `transaction-${transactionId}`;
    const commandId = randomUUID();
    await eventStore.appendToStream(
      streamId,
      [
        {
          id: eventIdFor(commandId, 0),
          ...transactionAdded(transactionId, 2 ** 60),
          metadata: metadataOf('alice', commandId),
        },
      ],
      'no_stream',
    );
    let folded: number[] = [];
    const definition: StreamDefinition<Command, number[]> = {
      ...adding(transactionId, 100),
      decide: (_command, state) => {
        folded = state;
        return [];
      },
    };
    await runCommand(deps, definition, command(), caller);
    expect(folded).toEqual([2 ** 60]);
  });

  it('answers a retried command with its first result, appends nothing and reacts again with the state before it', async () => {
    const transactionId = randomUUID();
    const reactions: Appended<number[]>[] = [];
    const definition: StreamDefinition<Command, number[]> = {
      ...adding(transactionId, 100),
      async react(appended) {
        reactions.push(appended);
      },
    };
    await runCommand(deps, adding(transactionId, 50), command(), caller);
    const again = command();
    const first = await runCommand(deps, definition, again, caller);
    const retried = await runCommand(deps, definition, again, caller);
    expect(retried).toEqual(first);
    expect(await eventStore.readStream(`transaction-${transactionId}`)).toHaveLength(2);
    expect(reactions.map(({ before, appendedNow, events }) => ({ before, appendedNow, count: events.length }))).toEqual(
      [
        { before: [50], appendedNow: true, count: 1 },
        { before: [50], appendedNow: false, count: 1 },
      ],
    );
  });

  it('appends a decision that records its refusal, then answers the refusal, also to a retry', async () => {
    const transactionId = randomUUID();
    let reacted = 0;
    const refusal = new HttpError(422, 'verification_code_wrong', 'wrong');
    const definition: StreamDefinition<Command, number[]> = {
      ...adding(transactionId, 100),
      decide: () => ({ events: [transactionAdded(transactionId, 100)], refusal }),
      earlierRefusal: (events) => (events.length > 0 ? refusal : null),
      async react() {
        reacted += 1;
      },
    };
    const once = command();
    await expect(runCommand(deps, definition, once, caller)).rejects.toBe(refusal);
    await expect(runCommand(deps, definition, once, caller)).rejects.toBe(refusal);
    expect(await eventStore.readStream(`transaction-${transactionId}`)).toHaveLength(1);
    expect(reacted).toBe(0);
  });

  it("answers another user's stream like a missing one, with the definition's own answer when it has one", async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    const mallory = testCaller(testUser('mallory'));
    await expect(runCommand(deps, adding(transactionId, 2), command(), mallory)).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_found',
    });
    const debtLike = { ...adding(transactionId, 2), notFound: () => new HttpError(404, 'debt_not_found', 'gone') };
    await expect(runCommand(deps, debtLike, command(), mallory)).rejects.toMatchObject({ code: 'debt_not_found' });
  });

  it('starts over on a concurrent write and answers 409 conflict after four tries', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    let tries = 0;
    const racing: StreamDefinition<Command, number[]> = {
      ...adding(transactionId, 3),
      async loadContext() {
        tries += 1;
        // Another writer appends between this command's read and its append, every time.
        await runCommand(deps, adding(transactionId, 2), command(), caller);
      },
    };
    await expect(runCommand(deps, racing, command(), caller)).rejects.toMatchObject({
      statusCode: 409,
      code: 'conflict',
    });
    expect(tries).toBe(4);
  });
});

describe('command pipeline: the revision a command was made on', () => {
  const changed = new HttpError(409, 'transaction_changed', 'changed');
  /** Adds one more amount; says it was made on `base` (undefined: says nothing). */
  const madeOn = (transactionId: string, base: number | undefined): StreamDefinition<Command, number[]> => ({
    ...adding(transactionId, 7),
    baseRevision: () => base,
    changedRefusal: () => changed,
  });

  it('runs a command made on the stream’s last revision', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    await runCommand(deps, adding(transactionId, 2), command(), caller);
    const result = await runCommand(deps, madeOn(transactionId, 1), command(), caller);
    expect(result.revision).toBe(2);
  });

  it('refuses a command made on an older revision with the definition’s refusal and appends nothing', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    await runCommand(deps, adding(transactionId, 2), command(), caller);
    let decided = 0;
    const definition: StreamDefinition<Command, number[]> = {
      ...madeOn(transactionId, 0),
      decide: () => {
        decided += 1;
        return [transactionAdded(transactionId, 7)];
      },
    };
    await expect(runCommand(deps, definition, command(), caller)).rejects.toBe(changed);
    expect(decided).toBe(0);
    expect(await eventStore.readStream(`transaction-${transactionId}`)).toHaveLength(2);
  });

  it('refuses a base revision the stream has not reached yet', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    await expect(runCommand(deps, madeOn(transactionId, 5), command(), caller)).rejects.toBe(changed);
  });

  it('hands the refusal the stream’s state now', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    await runCommand(deps, adding(transactionId, 2), command(), caller);
    const seen: number[][] = [];
    const definition: StreamDefinition<Command, number[]> = {
      ...madeOn(transactionId, 0),
      changedRefusal: (state) => {
        seen.push(state);
        return changed;
      },
    };
    await expect(runCommand(deps, definition, command(), caller)).rejects.toBe(changed);
    expect(seen).toEqual([[1, 2]]);
  });

  it('answers 409 conflict when the definition gives no refusal of its own', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    await runCommand(deps, adding(transactionId, 2), command(), caller);
    const plain: StreamDefinition<Command, number[]> = { ...adding(transactionId, 7), baseRevision: () => 0 };
    await expect(runCommand(deps, plain, command(), caller)).rejects.toMatchObject({
      statusCode: 409,
      code: 'conflict',
    });
  });

  it('checks nothing when the command names no base revision', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    await runCommand(deps, adding(transactionId, 2), command(), caller);
    const result = await runCommand(deps, madeOn(transactionId, undefined), command(), caller);
    expect(result.revision).toBe(2);
  });

  it('leaves a stream with no events to the decision', async () => {
    const transactionId = randomUUID();
    const result = await runCommand(deps, madeOn(transactionId, 3), command(), caller);
    expect(result.revision).toBe(0);
  });

  it('answers a retry of an applied command with its first result, though the stream has moved on since', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    const edit = command();
    const first = await runCommand(deps, madeOn(transactionId, 0), edit, caller);
    await runCommand(deps, adding(transactionId, 2), command(), caller);
    const retried = await runCommand(deps, madeOn(transactionId, 0), edit, caller);
    expect(retried).toEqual(first);
    expect(await eventStore.readStream(`transaction-${transactionId}`)).toHaveLength(3);
  });

  it("answers another user's stream as missing, never with the refusal that would tell its revision", async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    await runCommand(deps, adding(transactionId, 2), command(), caller);
    const mallory = testCaller(testUser('mallory'));
    await expect(runCommand(deps, madeOn(transactionId, 0), command(), mallory)).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_found',
    });
  });

  it('refuses a command whose stream changed between its read and its append once it starts over', async () => {
    const transactionId = randomUUID();
    await runCommand(deps, adding(transactionId, 1), command(), caller);
    let tries = 0;
    const racing: StreamDefinition<Command, number[]> = {
      ...madeOn(transactionId, 0),
      async loadContext() {
        tries += 1;
        if (tries === 1) await runCommand(deps, adding(transactionId, 2), command(), caller);
      },
    };
    await expect(runCommand(deps, racing, command(), caller)).rejects.toBe(changed);
    expect(tries).toBe(1);
    expect(await eventStore.readStream(`transaction-${transactionId}`)).toHaveLength(2);
  });
});
