import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventMetadata } from '@plenty/contracts/events/envelope';
import type { EventStore } from '@plenty/platform/event-store/port';

/**
 * A stream a decision reads besides its own, folded; null when it holds an event of another
 * user (as unknown as a missing one). Folded unchecked, as the pipeline folds a stream.
 */
export async function readOwnedStream<State>(
  store: { readonly eventStore: EventStore; readonly codec: EventCodec },
  streamId: string,
  userId: string,
  initial: State,
  evolve: (state: State, event: { type: string; data: unknown }) => State,
): Promise<{ state: State; length: number; first: EventMetadata | null } | null> {
  const stored = await store.eventStore.readStream(streamId);
  if (stored.some((event) => event.metadata.userId !== userId)) return null;
  let state = initial;
  for (const event of stored) state = evolve(state, await store.codec.decode(event, { validate: false }));
  return { state, length: stored.length, first: stored[0]?.metadata ?? null };
}
