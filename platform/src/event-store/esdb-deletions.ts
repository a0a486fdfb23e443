import { FORWARDS } from '@eventstore/db-client';
import {
  DELETED_STREAMS_STREAM,
  USER_STREAMS_PREFIX,
  deletedStreamOf,
  isNotFound,
  isSystemEvent,
} from './esdb-mapping.js';
import type { EsdbClient } from './esdb-mapping.js';

/**
 * The streams deleted so far, as this process knows them: read from the bookkeeping stream
 * (DELETED_STREAMS_STREAM) and learnt from markers met in $all or the live subscription.
 * EventStoreDB keeps a deleted stream's events in $all until a scavenge, so reads of all
 * consult this set.
 */
export class EsdbDeletions {
  private readonly deleted = new Set<string>();
  /** Next revision of the bookkeeping stream to read. */
  private deletionsRead = 0;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly client: Pick<EsdbClient, 'readStream'>) {}

  has(streamId: string): boolean {
    return this.deleted.has(streamId);
  }

  add(streamId: string): void {
    this.deleted.add(streamId);
  }

  /** Learns the deletion an event of the bookkeeping stream records; false for any other stream's event. */
  learn(event: { readonly streamId: string; readonly type: string; readonly data: unknown }): boolean {
    if (event.streamId !== DELETED_STREAMS_STREAM) return false;
    const deleted = deletedStreamOf(event);
    if (deleted !== null) this.deleted.add(deleted);
    return true;
  }

  /**
   * Whether a read of all returns this event: not a system event, not a deletion marker (a
   * marker met here also teaches this process of the deletion), not in a deleted stream.
   */
  isVisible(event: { readonly streamId: string; readonly type: string; readonly data: unknown }): boolean {
    if (isSystemEvent(event) || event.streamId.startsWith(USER_STREAMS_PREFIX)) return false;
    if (this.learn(event)) return false;
    return !this.deleted.has(event.streamId);
  }

  /** Reads the markers appended since the last look (by any process) into the deleted set. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        for await (const resolved of this.client.readStream(DELETED_STREAMS_STREAM, {
          fromRevision: BigInt(this.deletionsRead),
          direction: FORWARDS,
          resolveLinkTos: false,
        })) {
          const event = resolved.event;
          if (event === undefined) continue;
          const deleted = deletedStreamOf(event);
          if (deleted !== null) this.deleted.add(deleted);
          this.deletionsRead = Math.max(this.deletionsRead, Number(event.revision) + 1);
        }
      } catch (error) {
        if (!isNotFound(error)) throw error;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }
}
