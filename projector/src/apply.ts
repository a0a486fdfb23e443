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
  const handles = handlersOf(projections);
  const applyDecoded = decodedApplier(projections);
  return async (event, uow) => {
    if (!handles(event)) return;
    let decoded: RecordedEvent;
    try {
      decoded = await codec.decode(event);
    } catch (error) {
      throw new PoisonEventError(event, null, error);
    }
    await applyDecoded(event, decoded, uow);
  };
}

function projectionsByType(projections: readonly Projection[]): Map<string, Projection[]> {
  const byType = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of projection.handles) byType.set(type, [...(byType.get(type) ?? []), projection]);
  }
  return byType;
}

/** Whether any of the projections handles the event (only those are decoded). */
export function handlersOf(projections: readonly Projection[]): (event: RecordedEvent) => boolean {
  const byType = projectionsByType(projections);
  return (event) => byType.has(event.type);
}

/** Hands an event decoded elsewhere to each projection that handles it, as `eventApplier` does. */
export function decodedApplier(
  projections: readonly Projection[],
): (event: RecordedEvent, decoded: RecordedEvent, uow: UnitOfWork) => Promise<void> {
  const byType = projectionsByType(projections);
  return async (event, decoded, uow) => {
    const interested = byType.get(event.type);
    if (interested === undefined) return;
    for (const projection of interested) {
      try {
        await projection.apply(decoded, uow);
      } catch (error) {
        throw new PoisonEventError(event, projection.name, error);
      }
    }
  };
}
