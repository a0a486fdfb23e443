import { UndecodableEventError, type EventCodec } from '@plenty/platform/crypto/event-codec';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { Document, UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { PoisonEventError } from './poison-event.js';
import type { Projection } from './projection.js';
import { staged, type StagedUnitOfWork } from './staged.js';
import {
  QUARANTINE_ID,
  quarantineRecord,
  quarantineScopes,
  quarantineView,
  quarantineViewName,
  reasonOf,
  type QuarantineList,
} from './quarantine.js';

export type ApplyEvent = (event: RecordedEvent, uow: UnitOfWork) => Promise<void>;

/**
 * The views the projections write, each projection's quarantine view included, for
 * `ensureViews`, shadows and their promotion.
 */
export function viewsOf(projections: readonly Projection[]): ViewDefinition[] {
  return projections.flatMap((p) => (p.views.length === 0 ? [] : [...p.views, quarantineView(p)]));
}

export interface ApplyOptions {
  /**
   * Where users go whose event a projection cannot apply (see quarantine.ts): the event's
   * projections and those reading their views skip the user from then on, and the others
   * go on. Without it, such an event throws a PoisonEventError.
   */
  readonly quarantine?: QuarantineList;
}

/** A read of the unit of work that failed: the store's fault, never the event's. */
class ReadStoreFailure extends Error {
  override readonly name = 'ReadStoreFailure';
}

const mark = (error: unknown): never => {
  throw new ReadStoreFailure('a read of the read store failed', { cause: error });
};

/**
 * The unit of work as projections get it: the failures of its reads marked, so they are told
 * apart from a projection's own, and an erased user taken off the quarantine list.
 */
function guarded(uow: UnitOfWork, list: QuarantineList | undefined): UnitOfWork {
  return {
    get: <D extends Document>(view: string, userId: string, id: string) => uow.get<D>(view, userId, id).catch(mark),
    findByField: <D extends Document>(view: string, userId: string, field: string, value: string | number) =>
      uow.findByField<D>(view, userId, field, value).catch(mark),
    put: (view, userId, id, doc, position) => uow.put(view, userId, id, doc, position),
    remove: (view, userId, id, position) => uow.remove(view, userId, id, position),
    purgeUser: (userId) => {
      list?.release(userId);
      uow.purgeUser(userId);
    },
  };
}

/**
 * Decrypts an event and hands it to each projection that handles it. An event that cannot be
 * decoded or applied quarantines its user in the projections concerned (or, without a
 * quarantine list, throws a PoisonEventError naming the step that failed). What is not the
 * event's fault stops the projector: a read of the read store that fails is thrown as it
 * is, a key store that fails or data written by newer code as a PoisonEventError.
 */
export function eventApplier(
  codec: EventCodec,
  projections: readonly Projection[],
  options: ApplyOptions = {},
): ApplyEvent {
  const handles = handlersOf(projections);
  const applier = decodedApplier(projections, options);
  return async (event, uow) => {
    if (!handles(event)) return;
    let decoded: RecordedEvent;
    try {
      decoded = await codec.decode(event);
    } catch (error) {
      await applier.undecodable(event, error, uow);
      return;
    }
    await applier(event, decoded, uow);
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

export interface DecodedApplier {
  /** Hands an event decoded elsewhere to each projection that handles it, as `eventApplier` does. */
  (event: RecordedEvent, decoded: RecordedEvent, uow: UnitOfWork): Promise<void>;
  /** An event that could not be decoded: quarantined in every projection that handles it, or thrown. */
  undecodable(event: RecordedEvent, error: unknown, uow: UnitOfWork): Promise<void>;
}

export function decodedApplier(projections: readonly Projection[], options: ApplyOptions = {}): DecodedApplier {
  const byType = projectionsByType(projections);
  const scopes = quarantineScopes(projections);
  const list = options.quarantine;
  const views = projections.flatMap((p) => p.views);

  /** Quarantines the event's user in `scope` (those not yet in), with the record of why. */
  async function quarantine(
    event: RecordedEvent,
    failed: string | null,
    scope: readonly Projection[],
    cause: unknown,
    uow: UnitOfWork,
  ): Promise<void> {
    if (list === undefined) throw new PoisonEventError(event, failed, cause);
    const userId = event.metadata.userId;
    const joining = scope.filter((p) => !list.has(userId, p.name));
    const reason = reasonOf(cause);
    for (const projection of joining) {
      const view = quarantineViewName(projection.name);
      // The first event that quarantined the user stays the one on record.
      if ((await uow.get(view, userId, QUARANTINE_ID)) !== null) continue;
      uow.put(view, userId, QUARANTINE_ID, { ...quarantineRecord(projection, event, failed, reason) }, event.position);
    }
    if (joining.length > 0) {
      list.add({ userId, event, failed, projections: joining.map((p) => p.name), reason });
    }
  }

  /**
   * Each projection applies the event through writes of its own, staged: every one reads the
   * views as they stood before the event (its own with its own writes), whichever runs first,
   * and the writes of those that succeeded land together once all have run. A projection that
   * fails, or is quarantined by the failure of one it reads, leaves nothing of the event behind.
   */
  const apply = async (event: RecordedEvent, decoded: RecordedEvent, uow: UnitOfWork): Promise<void> => {
    const interested = byType.get(event.type);
    if (interested === undefined) return;
    const userId = event.metadata.userId;
    const work = guarded(uow, list);
    const applied: [Projection, StagedUnitOfWork][] = [];
    const skipped = (projection: Projection) => list?.holds(userId) === true && list.has(userId, projection.name);
    for (const projection of interested) {
      if (skipped(projection)) continue;
      const writes = staged(work, views);
      try {
        await projection.apply(decoded, writes);
        applied.push([projection, writes]);
      } catch (error) {
        if (error instanceof ReadStoreFailure) throw error.cause;
        await quarantine(event, projection.name, scopes.get(projection.name) ?? [projection], error, uow);
      }
    }
    // Those the event quarantined (a projection they read failed on it) keep nothing of it either.
    for (const [projection, writes] of applied) if (!skipped(projection)) writes.commit();
  };

  return Object.assign(apply, {
    async undecodable(event: RecordedEvent, error: unknown, uow: UnitOfWork): Promise<void> {
      // A key store that fails, or data from newer code, is no fault of the event: stop on it.
      if (list !== undefined && !(error instanceof UndecodableEventError))
        throw new PoisonEventError(event, null, error);
      const scope = new Set((byType.get(event.type) ?? []).flatMap((p) => scopes.get(p.name) ?? []));
      await quarantine(
        event,
        null,
        projections.filter((p) => scope.has(p)),
        error,
        uow,
      );
    },
  });
}
