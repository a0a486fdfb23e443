import { todayIn } from '@plenty/contracts/calendar/zone';
import { streamIds } from '@plenty/contracts/events/envelope';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { findWallet } from '../profile/wallets.decider.js';
import { evolveTransaction, initialTransactionState } from '../transaction/transaction.state.js';
import { decideRecurring, type RecurringContext, type RecurringStreamCommand } from './recurring.decider.js';
import { evolveRecurring, initialRecurringState, type RecurringState } from './recurring.state.js';
import { readOwnedStream } from './owned-stream.js';

export interface RecurringStreamDeps {
  readonly profiles: ProfileCache;
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
}

/** What the decision needs before the pipeline's `now` gives today. */
export type RecurringStreamContext = Omit<RecurringContext, 'today'> & { readonly timeZone: string };

/** The occurrence date a command names, whose posting the decision must know about. */
function namedOccurrence(command: RecurringStreamCommand): string | null {
  return command.type === 'SkipOccurrence' || command.type === 'EditOccurrence' ? command.data.date : null;
}

/**
 * The recurring rule commands, each on `recurring-<ruleId>` (contracts/src/recurring.ts).
 * Another user's rule is as unknown as none (404 `recurring_not_found`).
 */
export function recurringStream(
  deps: RecurringStreamDeps,
): StreamDefinition<RecurringStreamCommand, RecurringState, RecurringStreamContext> {
  return {
    initialState: initialRecurringState,
    evolve: evolveRecurring,
    streamId: (command) => streamIds.recurring(command.data.ruleId),
    createsStream: (command) => command.type === 'CreateRecurringRule',
    async loadContext(command, _state, { user }) {
      const profile = await deps.profiles.load(user.uid);
      const date = namedOccurrence(command);
      // An occurrence is posted once its transaction stream exists (even if the transaction was deleted since).
      const posted =
        date !== null &&
        (
          await deps.eventStore.readStream(
            streamIds.transaction(occurrenceTransactionId(user.uid, command.data.ruleId, date)),
            { maxCount: 1 },
          )
        ).length > 0;
      const from = command.type === 'CreateRecurringRule' ? (command.data.fromTransactionId ?? null) : null;
      const source =
        from === null
          ? null
          : await readOwnedStream(
              deps,
              streamIds.transaction(from),
              user.uid,
              initialTransactionState,
              evolveTransaction,
            );
      return {
        categoryType: (id) => profile.categories.get(id)?.type ?? null,
        wallet: (id) => findWallet(profile.wallets, user.uid, id),
        timeZone: profile.preferences.preferences.timeZone,
        posted,
        fromTransactionFound: source?.state.status === 'active',
      };
    },
    decide: (command, state, context, now) =>
      decideRecurring(command, state, { ...context, today: todayIn(context.timeZone, now) }),
    notFound: () => new HttpError(404, 'recurring_not_found', 'recurring rule not found'),
  };
}
