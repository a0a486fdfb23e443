import { debtCommandSchemas, type DebtCommand } from '@plenty/contracts/debts';
import { streamIds } from '@plenty/contracts/events/envelope';
import { HttpError, parseOrThrow } from '@plenty/platform/http/errors';
import type { CommandRoute } from '../command-route.js';
import { handleCommand, type CommandDeps } from '../handler.js';
import { decideDebt } from './debt.decider.js';
import { evolveDebt, initialDebtState } from './debt.state.js';

/** The debt commands, each on the stream `debt-<debtId>`. Another user's debt is as unknown as none. */
export function debtRoutes(deps: CommandDeps): Record<DebtCommand['type'], CommandRoute> {
  const route =
    <T extends DebtCommand['type']>(type: T): CommandRoute =>
    async (user, body) => {
      const command = { type, data: parseOrThrow(debtCommandSchemas[type], body) } as DebtCommand;
      const { data } = command;
      try {
        return await handleCommand(
          deps,
          { userId: user.uid, commandId: data.commandId, streamId: streamIds.debt(data.debtId) },
          {
            initialState: initialDebtState,
            evolve: evolveDebt,
            createsStream: type === 'OpenDebt',
            decide: (state, now) => decideDebt(command, state, now),
          },
        );
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404 && error.code === 'not_found') {
          throw new HttpError(404, 'debt_not_found', 'debt not found');
        }
        throw error;
      }
    };
  return {
    OpenDebt: route('OpenDebt'),
    EditDebt: route('EditDebt'),
    RecordPayment: route('RecordPayment'),
    EditPayment: route('EditPayment'),
    DeletePayment: route('DeletePayment'),
    MarkInstallmentPaid: route('MarkInstallmentPaid'),
    MarkInstallmentUnpaid: route('MarkInstallmentUnpaid'),
    DeleteDebt: route('DeleteDebt'),
  };
}
