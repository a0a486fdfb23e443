import type { CommandRequest } from '@plenty/contracts/commands/registry';
import type { AnyOutboxEntry, OutboxEntry, OutboxRejection, QueueableCommand } from '../../lib/outbox/types';

export const USER = 'user-1';
export const FOOD = 'builtin-food';
export const LUNCH = '0192f000-0000-7000-8000-000000000101';
export const TAXI = '0192f000-0000-7000-8000-000000000102';
export const CAR_LOAN = '0192f000-0000-7000-8000-0000000000d1';

let nextCommand = 1;

/** A queued entry as the outbox keeps it. */
export function queued<N extends QueueableCommand>(
  seq: number,
  name: N,
  body: Omit<CommandRequest<N>, 'commandId'>,
  rejection: OutboxRejection | null = null,
): AnyOutboxEntry {
  const commandId = `0192f000-0000-7000-8000-${String(nextCommand++).padStart(12, '0')}`;
  const entry: OutboxEntry<N> = {
    seq,
    name,
    body: { ...body, commandId } as CommandRequest<N>,
    queuedAt: '2026-11-27T07:03:00.000Z',
    state: rejection === null ? 'waiting' : 'rejected',
    attempts: 0,
    rejection,
  };
  return entry as AnyOutboxEntry;
}

export const lunch = (seq: number, rejection: OutboxRejection | null = null) =>
  queued(
    seq,
    'AddTransaction',
    {
      transactionId: LUNCH,
      type: 'expense',
      amount: { amount: 45000, currency: 'LAK' },
      categoryId: FOOD,
      date: '2026-11-27',
    },
    rejection,
  );

export const refused = (status: number, code: OutboxRejection['code'], fields: OutboxRejection['fields'] = {}) => ({
  status,
  code,
  messageId: `error.${code}` as OutboxRejection['messageId'],
  fields,
  at: '2026-11-27T08:00:00.000Z',
});
