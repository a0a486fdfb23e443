import { type DebtCommand } from '@plenty/contracts/commands/debt';
import { streamIds } from '@plenty/contracts/events/envelope';
import { HttpError } from '@plenty/platform/http/errors';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import { decideDebt } from './debt.decider.js';
import { evolveDebt, initialDebtState, type DebtState } from './debt.state.js';

/** The debt commands, each on `debt-<debtId>`. Another user's debt is as unknown as none. */
export const debtStream: StreamDefinition<DebtCommand, DebtState> = {
  initialState: initialDebtState,
  evolve: evolveDebt,
  streamId: (command) => streamIds.debt(command.data.debtId),
  createsStream: (command) => command.type === 'OpenDebt',
  decide: (command, state, _context, now) => decideDebt(command, state, now),
  notFound: () => new HttpError(404, 'debt_not_found', 'debt not found'),
};
