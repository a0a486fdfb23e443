import { CATEGORIES_VIEW, TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { projectionScratch } from './testing/scratch.js';

const coffee = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const lunch = '0192f0c4-7a1b-7c3d-8e4f-0000000001a1';
const rent = '0192f0c4-7a1b-7c3d-8e4f-0000000001a2';
const scratch = projectionScratch();
const { given } = scratch;

describe('account erasure projection', () => {
  it("removes every view of the erased user and leaves other users' views alone", async () => {
    await given(
      scratch.log.categoryAdded('leaving', coffee),
      scratch.log.transactionAdded('leaving', lunch),
      scratch.log.transactionAdded('staying', rent),
      scratch.log.accountErased('leaving'),
    );
    expect(await scratch.documents(TRANSACTIONS_VIEW, 'leaving')).toEqual([]);
    expect(await scratch.documents(CATEGORIES_VIEW, 'leaving')).toEqual([]);
    expect(await scratch.documents(TRANSACTIONS_VIEW, 'staying')).toHaveLength(1);
  });

  it('changes nothing when the erasure is delivered again', async () => {
    const erased = scratch.log.accountErased('leaving');
    await given(scratch.log.transactionAdded('leaving', lunch), erased, scratch.log.transactionAdded('staying', rent));
    await given(erased);
    expect(await scratch.documents(TRANSACTIONS_VIEW, 'leaving')).toEqual([]);
    expect(await scratch.documents(TRANSACTIONS_VIEW, 'staying')).toHaveLength(1);
  });
});
