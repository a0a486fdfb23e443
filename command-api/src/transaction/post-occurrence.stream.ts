import { todayIn } from '@plenty/contracts/calendar/zone';
import { streamIds } from '@plenty/contracts/events/envelope';
import { occurrenceTransactionId, type PostOccurrence } from '@plenty/contracts/recurring';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { findWallet } from '../profile/wallets.decider.js';
import { foldRule, readRuleEvents } from '../recurring/rule-with-tags.js';
import type { RecurringState } from '../recurring/recurring.state.js';
import { initialProfileState, type ProfileState } from '../profile/profile.state.js';
import { decidePostOccurrence, type PostOccurrenceContext } from './post-occurrence.decider.js';
import { evolveTransaction, initialTransactionState, type TransactionState } from './transaction.state.js';

export interface PostOccurrenceStreamDeps {
  readonly profiles: ProfileCache;
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
}

/** What the decision needs before the pipeline's `now` gives today. */
export type PostOccurrenceStreamContext = Omit<PostOccurrenceContext, 'today'> & { readonly timeZone: string };

/**
 * What deciding any occurrence of the rule needs besides its transaction id: the folded rule
 * and the user's profile. Without the profile (null) only built-in categories and default
 * wallets are known, and the time zone is the profile's default.
 */
export function occurrenceContext(
  userId: string,
  rule: RecurringState,
  profile: ProfileState | null,
): Omit<PostOccurrenceStreamContext, 'transactionId'> {
  const known = profile ?? initialProfileState;
  return {
    rule,
    timeZone: known.preferences.preferences.timeZone,
    categoryType: (id) => known.categories.get(id)?.type ?? null,
    replacement: (id) => known.categoryReplacements.get(id) ?? null,
    wallet: (id) => findWallet(known.wallets, userId, id),
  };
}

/**
 * PostOccurrence, on `transaction-<occurrenceTransactionId(user, rule, date)>`: the stream can
 * be opened once, so an occurrence is posted once however many posters (or users) try; a retry
 * of the same command is answered with its first result (the pipeline), any other attempt 409
 * `occurrence_already_posted`. The rule is read from its own stream (404 `recurring_not_found`
 * for another user's, an unknown or a deleted rule).
 */
export function postOccurrenceStream(
  deps: PostOccurrenceStreamDeps,
): StreamDefinition<PostOccurrence, TransactionState, PostOccurrenceStreamContext> {
  return {
    initialState: initialTransactionState,
    evolve: evolveTransaction,
    streamId: (command, { user }) =>
      streamIds.transaction(occurrenceTransactionId(user.uid, command.data.ruleId, command.data.date)),
    createsStream: () => true,
    async loadContext(command, _state, { user }) {
      const { ruleId, date } = command.data;
      const events = await readRuleEvents(deps, ruleId, user.uid);
      const profile = await deps.profiles.load(user.uid);
      // The rule's tags as renamed and deleted since it was given them.
      const rule = foldRule(events, await deps.profiles.tagEvents(user.uid));
      return {
        transactionId: occurrenceTransactionId(user.uid, ruleId, date),
        ...occurrenceContext(user.uid, rule, profile),
      };
    },
    decide: (command, state, context, now) =>
      decidePostOccurrence(command, state, { ...context, today: todayIn(context.timeZone, now) }),
  };
}
