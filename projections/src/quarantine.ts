import type { Position, RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore, ScanKey, ViewDefinition } from '@plenty/platform/read-store/port';
import type { Projection } from './projection.js';

/**
 * A user whose event a projection cannot apply is quarantined in that projection (and in
 * every projection that reads its views): the projector records why, skips the user's later
 * events for those projections and goes on for everyone else; the query API answers
 * `view_quarantined` for the user's queries of those views. The record is a document of the
 * projection's own quarantine view, so it is rebuilt and switched in with the projection's
 * other views: a rebuild (a new version, `npm run rebuild`) replaces it with what the replay
 * found, which releases the user when the new code applies the event.
 */
export interface QuarantineRecord {
  readonly projection: string;
  /** The projection's views, which the user's queries no longer read. */
  readonly views: readonly string[];
  readonly eventId: string;
  readonly eventType: string;
  readonly position: Position;
  /**
   * The projection that failed on the event: this one, one whose views this one reads, or
   * null when the event could not be decoded.
   */
  readonly failed: string | null;
  readonly reason: string;
}

/** A user's one document in a projection's quarantine view. */
export const QUARANTINE_ID = 'quarantine';

/** Long reasons (a schema violation lists every issue) are cut: the record says what, the log says all. */
const REASON_LENGTH = 500;

export const quarantineViewName = (projection: string): string => `quarantine_${projection.replaceAll('-', '_')}`;

/** The view holding a projection's quarantine records, one document per quarantined user. */
export function quarantineView(projection: Pick<Projection, 'name'>): ViewDefinition {
  return { name: quarantineViewName(projection.name), fields: {}, indexes: [] };
}

/** One event that quarantined a user: in which projections, and why. */
export interface QuarantineNotice {
  readonly userId: string;
  readonly event: Pick<RecordedEvent, 'id' | 'type' | 'position'>;
  readonly failed: string | null;
  readonly projections: readonly string[];
  readonly reason: string;
}

export const reasonOf = (cause: unknown): string =>
  (cause instanceof Error ? cause.message : String(cause)).slice(0, REASON_LENGTH);

export function quarantineRecord(
  projection: Projection,
  event: Pick<RecordedEvent, 'id' | 'type' | 'position'>,
  failed: string | null,
  reason: string,
): QuarantineRecord {
  return {
    projection: projection.name,
    views: projection.views.map((view) => view.name),
    eventId: event.id,
    eventType: event.type,
    position: event.position,
    failed,
    reason,
  };
}

/**
 * Who is quarantined in which projection, as the views a projector writes say: what it
 * skips. Changes made while a batch is applied are pending until the batch is committed
 * (`commit`), and dropped if it is not (`rollback`), so the list never runs ahead of the
 * records in the read store.
 */
export class QuarantineList {
  /** By user: the projections they are quarantined in. */
  private committed = new Map<string, Set<string>>();
  private readonly added = new Map<string, Set<string>>();
  /** Users erased in the pending batch: their records went with their other documents. */
  private readonly released = new Set<string>();
  private notices: QuarantineNotice[] = [];

  /** Whether the user's events are skipped by the projection. */
  has(userId: string, projection: string): boolean {
    if (this.added.get(userId)?.has(projection) === true) return true;
    if (this.released.has(userId)) return false;
    return this.committed.get(userId)?.has(projection) === true;
  }

  /** Whether the user is quarantined in any projection: the quick test made for every event. */
  holds(userId: string): boolean {
    return this.added.has(userId) || (this.committed.has(userId) && !this.released.has(userId));
  }

  add(notice: QuarantineNotice): void {
    let projections = this.added.get(notice.userId);
    if (projections === undefined) this.added.set(notice.userId, (projections = new Set()));
    for (const projection of notice.projections) projections.add(projection);
    this.notices.push(notice);
  }

  /** The user's documents were purged (account erasure), quarantine records included. */
  release(userId: string): void {
    this.added.delete(userId);
    this.released.add(userId);
  }

  /** The notices of the pending batch, in the order its events quarantined users. */
  pending(): readonly QuarantineNotice[] {
    return this.notices;
  }

  /** The batch was written: its changes hold. Answers its notices. */
  commit(): QuarantineNotice[] {
    for (const userId of this.released) this.committed.delete(userId);
    for (const [userId, projections] of this.added) {
      const known = this.committed.get(userId);
      if (known === undefined) this.committed.set(userId, new Set(projections));
      else for (const projection of projections) known.add(projection);
    }
    const notices = this.notices;
    this.clearPending();
    return notices;
  }

  /** The batch was not written: its changes are forgotten. */
  rollback(): void {
    this.clearPending();
  }

  private clearPending(): void {
    this.added.clear();
    this.released.clear();
    this.notices = [];
  }

  /** Users quarantined in at least one projection. */
  users(): number {
    return this.committed.size;
  }

  /** Replaces the list with the records stored in the projections' quarantine views. */
  async load(store: ReadStore, projections: readonly Projection[]): Promise<void> {
    const loaded = new Map<string, Set<string>>();
    for (const projection of projections) {
      if (projection.views.length === 0) continue;
      for await (const record of storedRecords(store, projection)) {
        let names = loaded.get(record.userId);
        if (names === undefined) loaded.set(record.userId, (names = new Set()));
        names.add(projection.name);
      }
    }
    this.committed = loaded;
    this.clearPending();
  }
}

/** Every quarantine record of a projection in a store, in user order. */
export async function* storedRecords(
  store: ReadStore,
  projection: Pick<Projection, 'name'>,
): AsyncGenerator<QuarantineRecord & { readonly userId: string }> {
  const view = quarantineViewName(projection.name);
  let after: ScanKey | undefined;
  for (;;) {
    const page = await store.scan(view, { limit: 500, ...(after === undefined ? {} : { after }) });
    for (const stored of page) yield { ...(stored.doc as unknown as QuarantineRecord), userId: stored.userId };
    const last = page.at(-1);
    if (last === undefined || page.length < 500) return;
    after = { userId: last.userId, id: last.id };
  }
}

/**
 * For each projection, itself and every projection that reads its views, directly or through
 * another: the projections a user is quarantined in when it fails on one of their events.
 * A projection without views of its own (erasure) takes every projection with views along:
 * what it failed to do could concern any of them.
 */
export function quarantineScopes(projections: readonly Projection[]): Map<string, readonly Projection[]> {
  const withViews = projections.filter((p) => p.views.length > 0);
  const scopes = new Map<string, readonly Projection[]>();
  for (const projection of projections) {
    if (projection.views.length === 0) {
      scopes.set(projection.name, withViews);
      continue;
    }
    const scope = new Set<Projection>([projection]);
    for (let grew = true; grew;) {
      grew = false;
      const written = new Set([...scope].flatMap((p) => p.views.map((view) => view.name)));
      for (const reader of withViews) {
        if (!scope.has(reader) && (reader.reads ?? []).some((view) => written.has(view))) {
          scope.add(reader);
          grew = true;
        }
      }
    }
    scopes.set(
      projection.name,
      withViews.filter((p) => scope.has(p)),
    );
  }
  return scopes;
}
