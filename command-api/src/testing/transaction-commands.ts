import { randomUUID } from 'node:crypto';
import { transactionCommandSchemas, type TransactionCommand } from '@plenty/contracts/commands/transaction';
import type { CommandResult } from '@plenty/contracts/commands/result';
import { runCommand, type PipelineDeps } from '../pipeline/run-command.js';
import type { CommandCaller, StreamDefinition } from '../pipeline/stream-definition.js';

/**
 * Runs transaction commands through the pipeline with a definition, each body parsed as its
 * route parses it (a `commandId` is added unless the body has one).
 */
export type TransactionSender = (
  name: TransactionCommand['type'],
  caller: CommandCaller,
  body: Record<string, unknown>,
) => Promise<CommandResult>;

export function transactionSender<State, Context>(
  deps: Pick<PipelineDeps, 'eventStore' | 'codec'>,
  definition: StreamDefinition<TransactionCommand, State, Context>,
): TransactionSender {
  return (name, caller, body) => {
    const data = transactionCommandSchemas[name].parse({ commandId: randomUUID(), ...body });
    const command = { type: name, data } as TransactionCommand;
    return runCommand({ ...deps, now: () => new Date() }, definition, command, caller);
  };
}

/** An expense of 120 THB for food on 2026-11-23, with a receipt when given one. */
export function lunch(receipt?: string) {
  return {
    transactionId: randomUUID(),
    type: 'expense',
    amount: { amount: 12_000, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-23',
    ...(receipt === undefined ? {} : { receipt }),
  };
}
