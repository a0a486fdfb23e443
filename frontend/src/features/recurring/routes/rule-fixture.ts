import type { OccurrenceView, RecurringRuleDetail } from '@plenty/contracts/views/recurring';

/** A monthly rent rule whose note tells which answer a test is looking at (painted or the server's). */
export const ID = 'rule-1';
const schedule = { frequency: 'month', interval: 1, startDate: '2026-01-15', end: { kind: 'never' } } as const;

const occurrence = (date: string, note: string): OccurrenceView => ({
  date,
  state: 'scheduled',
  type: 'expense',
  amount: { amount: 500_000, currency: 'LAK' },
  categoryId: 'rent',
  walletId: 'w1',
  note,
  splits: null,
  tags: [],
  edited: false,
  transactionId: null,
});

export const rule = (note: string): RecurringRuleDetail => {
  const fields = {
    type: 'expense',
    amount: { amount: 500_000, currency: 'LAK' },
    categoryId: 'rent',
    walletId: 'w1',
    note,
    splits: null,
    tags: [] as string[],
    mode: 'auto',
    remind: false,
    schedule,
  } as const;
  return {
    ...fields,
    id: ID,
    status: 'active',
    pausedOn: null,
    heldOn: null,
    heldReason: null,
    nextDue: '2099-01-15',
    lastPostedOn: null,
    postedCount: 0,
    fromTransactionId: null,
    createdAt: '2026-01-15T00:00:00.000Z',
    updatedAt: '2026-11-27T08:00:00.000Z',
    versions: [{ from: '2026-01-15', rule: fields }],
    waiting: [],
    next: [occurrence('2099-01-15', note)],
  };
};
