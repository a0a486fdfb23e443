import { CATEGORIES_VIEW, TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { eventLog, type EventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { allProjections } from './all.js';

const coffee = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const lunch = '0192f0c4-7a1b-7c3d-8e4f-0000000001a1';
const rent = '0192f0c4-7a1b-7c3d-8e4f-0000000001a2';
let store: ReadStore;
let dispose: () => Promise<void>;
let log: EventLog;

beforeEach(async () => {
  ({ store, dispose } = await scratchReadStore(allProjections));
  log = eventLog();
});
afterEach(async () => dispose());

const given = (...events: Parameters<typeof applyEvents>[2]) => applyEvents(store, allProjections, events);

describe('account erasure projection', () => {
  it("removes every view of the erased user and leaves other users' views alone", async () => {
    await given(
      log.categoryAdded('leaving', coffee),
      log.transactionAdded('leaving', lunch),
      log.transactionAdded('staying', rent),
      log.accountErased('leaving'),
    );
    expect(await documents(store, TRANSACTIONS_VIEW, 'leaving')).toEqual([]);
    expect(await documents(store, CATEGORIES_VIEW, 'leaving')).toEqual([]);
    expect(await documents(store, TRANSACTIONS_VIEW, 'staying')).toHaveLength(1);
  });

  it('changes nothing when the erasure is delivered again', async () => {
    const erased = log.accountErased('leaving');
    await given(log.transactionAdded('leaving', lunch), erased, log.transactionAdded('staying', rent));
    await given(erased);
    expect(await documents(store, TRANSACTIONS_VIEW, 'leaving')).toEqual([]);
    expect(await documents(store, TRANSACTIONS_VIEW, 'staying')).toHaveLength(1);
  });
});
