import { useState } from 'react';
import { useCommand } from '../api/use-command';

/** The category the outbox's component tests add their expenses in. */
export const CATEGORY = '0192f0c4-7a1b-7c3d-8e4f-00000000c001';

/** Adds an expense of the amount typed, and says how the last try went. */
export function AddExpense() {
  const command = useCommand('AddTransaction');
  const [amount, setAmount] = useState('1500');
  const [outcome, setOutcome] = useState('');
  const save = async () => {
    const done = await command.run({
      transactionId: command.newId(),
      type: 'expense',
      amount: { amount: Number(amount), currency: 'THB' },
      categoryId: CATEGORY,
      date: '2026-11-27',
    });
    setOutcome(done.ok ? (done.queued ? 'saved on this device' : 'saved') : done.error.code);
  };
  return (
    <>
      <label>
        Amount
        <input value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <button type="button" onClick={() => void save()}>
        Save
      </button>
      <p role="status">{command.pending ? 'sending' : outcome}</p>
    </>
  );
}
