import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { PoisonEventError } from './poison-event.js';
import type { Projection } from './projection.js';

export type ApplyEvent = (event: RecordedEvent, uow: UnitOfWork) => Promise<void>;

/** The views every projection writes, for `ensureViews` and `reset`. */
export function viewsOf(projections: readonly Projection[]): ViewDefinition[] {
  return projections.flatMap((p) => p.views);
}

/**
 * Decrypts an event and hands it to each projection that handles it. An event that cannot
 * be decoded or applied throws a PoisonEventError naming the step that failed.
 */
export function eventApplier(codec: EventCodec, projections: readonly Projection[]): ApplyEvent {
  const byType = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of projection.handles) byType.set(type, [...(byType.get(type) ?? []), projection]);
  }
  return async (event, uow) => {
    const interested = byType.get(event.type);
    if (interested === undefined) return;
    let decoded: RecordedEvent;
    try {
      decoded = await codec.decode(event);
    } catch (error) {
      throw new PoisonEventError(event, null, error);
    }
    for (const projection of interested) {
      try {
        await projection.apply(decoded, uow);
      } catch (error) {
        throw new PoisonEventError(event, projection.name, error);
      }
    }
  };
}
