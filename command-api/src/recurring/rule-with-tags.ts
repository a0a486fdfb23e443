import { streamIds, type EventMetadata } from '@plenty/contracts/events/envelope';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '@plenty/platform/event-store/port';
import type { PositionedTagEvent } from '../profile/profile-cache.js';
import { evolveRecurring, initialRecurringState, type RecurringState } from './recurring.state.js';

/** A rule's stream as read once: its events decoded, with where each stands among all events. */
export interface RuleEvents {
  readonly events: readonly { readonly position: Position; readonly type: string; readonly data: unknown }[];
  readonly first: EventMetadata | null;
}

/**
 * The rule's stream, decoded (unchecked, as the pipeline folds a stream); null when it holds an
 * event of another user (as unknown as a missing one).
 */
export async function readRuleEvents(
  store: { readonly eventStore: EventStore; readonly codec: EventCodec },
  ruleId: string,
  userId: string,
): Promise<RuleEvents | null> {
  return decodeRuleEvents(store, await store.eventStore.readStream(streamIds.recurring(ruleId)), userId);
}

/** `readRuleEvents` of a rule's stream already read. */
export async function decodeRuleEvents(
  store: { readonly codec: EventCodec },
  stored: readonly RecordedEvent[],
  userId: string,
): Promise<RuleEvents | null> {
  if (stored.some((event) => event.metadata.userId !== userId)) return null;
  const events = [];
  for (const event of stored) {
    const decoded = await store.codec.decode(event, { validate: false });
    events.push({ position: event.position, type: decoded.type, data: decoded.data });
  }
  return { events, first: stored[0]?.metadata ?? null };
}

/**
 * The rule folded with the profile's tag renames and deletions in the order they were stored
 * among its own events: a tag renamed after the rule was given it is posted by its new name, a
 * deleted one no more; a rule given a tag after it was renamed keeps the tag it was given.
 */
export function foldRule(rule: RuleEvents | null, tagEvents: readonly PositionedTagEvent[]): RecurringState {
  let state = initialRecurringState;
  let next = 0;
  for (const event of rule?.events ?? []) {
    for (; next < tagEvents.length; next += 1) {
      const tag = tagEvents[next];
      if (tag === undefined || comparePositions(tag.position, event.position) >= 0) break;
      state = evolveRecurring(state, tag);
    }
    state = evolveRecurring(state, event);
  }
  for (const tag of tagEvents.slice(next)) state = evolveRecurring(state, tag);
  return state;
}

/** Whether any version of the rule has tags (then the profile's tag events are needed to post it). */
export const ruleHasTags = (state: RecurringState): boolean =>
  (state.status === 'active' || state.status === 'paused' || state.status === 'held') &&
  state.rule.versions.some((version) => (version.rule.tags ?? []).length > 0);
