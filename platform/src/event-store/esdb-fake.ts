import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START as ESDB_START,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamJSONRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendResult as EsdbAppendResult,
  type AppendToStreamOptions,
  type DeleteResult,
  type EventData,
  type JSONType,
  type Position as EsdbPosition,
  type ReadAllOptions as EsdbReadAllOptions,
  type ReadStreamOptions as EsdbReadStreamOptions,
  type ResolvedEvent,
  type SubscribeToAllOptions,
  type TombstoneStreamOptions,
} from '@eventstore/db-client';
import type { EsdbClient, EsdbSubscription } from './esdb-mapping.js';

/**
 * An in-memory EventStoreDB for the adapter's tests and for tests of code that runs over it
 * (the rebuild command in the distributed deployment): $all with commit/prepare positions,
 * streams with revisions, tombstones and subscriptions.
 */
interface Stored {
  readonly streamId: string;
  readonly id: string;
  readonly type: string;
  readonly revision: number;
  readonly data: JSONType;
  readonly metadata: JSONType | undefined;
  readonly position: EsdbPosition;
  readonly created: Date;
}

/** How the fake server answers an append whose events are already stored at the expected place. */
export type DuplicateAnswer = 'original-position' | 'no-position' | 'wrong-expected-version';

export class FakeSubscription extends EventEmitter implements EsdbSubscription {
  unsubscribed = false;
  constructor(readonly options: SubscribeToAllOptions) {
    super();
  }
  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }
}

/**
 * An in-memory EventStoreDB with the behaviour the adapter relies on: per-stream revisions
 * and expected-revision checks, deduplication by event id at the expected place, tombstones
 * that leave events in $all, inclusive reads of $all from a position, and subscriptions.
 */
export class FakeEsdb implements EsdbClient {
  readonly log: Stored[] = [];
  readonly tombstoned = new Set<string>();
  readonly subscriptions: FakeSubscription[] = [];
  readonly appendCalls: { streamName: string; events: EventData[]; options: AppendToStreamOptions }[] = [];
  readonly readStreamCalls: { streamName: string; options: EsdbReadStreamOptions }[] = [];
  readonly readAllCalls: EsdbReadAllOptions[] = [];
  duplicateAnswer: DuplicateAnswer = 'original-position';
  disposed = false;
  private nextPosition = 0n;

  constructor() {
    this.write('$epoch-information', '$epoch', { epoch: 0 });
  }

  private write(
    streamId: string,
    type: string,
    data: JSONType,
    metadata?: JSONType,
    id: string = randomUUID(),
  ): Stored {
    const stored: Stored = {
      streamId,
      id,
      type,
      revision: this.head(streamId) + 1,
      data,
      metadata,
      position: { commit: this.nextPosition, prepare: this.nextPosition },
      created: new Date(Date.parse('2026-01-01T00:00:00.000Z') + this.log.length * 1000),
    };
    this.nextPosition += 150n;
    this.log.push(stored);
    for (const subscription of this.subscriptions) {
      if (!subscription.unsubscribed && !type.startsWith('$')) subscription.emit('data', this.resolved(stored));
    }
    return stored;
  }

  /** Appends as another process would, bypassing the adapter. */
  external(streamId: string, type: string, data: JSONType): Stored {
    return this.write(streamId, type, data, { userId: 'u' });
  }

  private head(streamId: string): number {
    let head = -1;
    for (const event of this.log) if (event.streamId === streamId && !event.type.startsWith('$')) head = event.revision;
    return head;
  }

  private resolved(stored: Stored): AllStreamResolvedEvent {
    const event: AllStreamJSONRecordedEvent = {
      streamId: stored.streamId,
      id: stored.id,
      isJson: true,
      revision: BigInt(stored.revision),
      type: stored.type,
      created: stored.created,
      data: stored.data,
      metadata: stored.metadata,
      position: stored.position,
    };
    return { event, commitPosition: stored.position.commit };
  }

  async appendToStream(
    streamName: string,
    events: EventData[],
    options: AppendToStreamOptions,
  ): Promise<EsdbAppendResult> {
    this.appendCalls.push({ streamName, events, options });
    if (this.tombstoned.has(streamName)) throw StreamDeletedError.fromStreamName(streamName);
    const head = this.head(streamName);
    const expected = options.expectedRevision ?? ANY;
    const fits = expected === ANY || (expected === NO_STREAM ? head < 0 : expected === BigInt(head));
    if (!fits) {
      const from = expected === NO_STREAM ? 0 : typeof expected === 'bigint' ? Number(expected) + 1 : -1;
      const stored = this.log.filter((e) => e.streamId === streamName && e.revision >= from && from >= 0);
      const duplicate =
        stored.length >= events.length && events.every((event, index) => stored[index]?.id === event.id);
      const last = stored[events.length - 1];
      if (duplicate && last !== undefined && this.duplicateAnswer !== 'wrong-expected-version') {
        return {
          success: true,
          nextExpectedRevision: BigInt(last.revision),
          position: this.duplicateAnswer === 'original-position' ? last.position : undefined,
        };
      }
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected,
        current: head < 0 ? NO_STREAM : BigInt(head),
      });
    }
    let last: Stored | undefined;
    for (const event of events) {
      if (event.contentType !== 'application/json') throw new Error('binary events are not expected');
      const metadata = event.metadata instanceof Uint8Array ? undefined : event.metadata;
      last = this.write(streamName, event.type, event.data, metadata, event.id);
    }
    if (last === undefined) throw new Error('empty append');
    return { success: true, nextExpectedRevision: BigInt(last.revision), position: last.position };
  }

  readStream(streamName: string, options: EsdbReadStreamOptions): AsyncIterable<ResolvedEvent> {
    this.readStreamCalls.push({ streamName, options });
    const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
    const maxCount = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const snapshot = [...this.log];
    const tombstoned = this.tombstoned.has(streamName);
    const resolved = (stored: Stored) => this.resolved(stored);
    return (async function* () {
      if (tombstoned) throw StreamDeletedError.fromStreamName(streamName);
      const stream = snapshot.filter((e) => e.streamId === streamName);
      if (stream.length === 0) throw new StreamNotFoundError(undefined, streamName);
      for (const event of stream.filter((e) => e.revision >= from).slice(0, maxCount)) yield resolved(event);
    })();
  }

  readAll(options: EsdbReadAllOptions): AsyncIterable<AllStreamResolvedEvent> {
    this.readAllCalls.push(options);
    const maxCount = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromPosition ?? ESDB_START;
    const at = (e: Stored) => e.position.commit;
    let events: Stored[];
    if (options.direction === BACKWARDS) {
      const before = from === END || from === ESDB_START ? null : from.commit;
      events = this.log.filter((e) => before === null || at(e) <= before).reverse();
    } else {
      const after = from === ESDB_START ? null : from === END ? Infinity : from.commit;
      events = this.log.filter((e) => after === null || Number(at(e)) >= Number(after));
    }
    const page = events.slice(0, maxCount).map((e) => this.resolved(e));
    return (async function* () {
      yield* page;
    })();
  }

  subscribeToAll(options: SubscribeToAllOptions): EsdbSubscription {
    const subscription = new FakeSubscription(options);
    this.subscriptions.push(subscription);
    return subscription;
  }

  async tombstoneStream(streamName: string, _options: TombstoneStreamOptions): Promise<DeleteResult> {
    if (this.tombstoned.has(streamName)) throw StreamDeletedError.fromStreamName(streamName);
    const tombstone = this.write(streamName, '$streamDeleted', {});
    this.tombstoned.add(streamName);
    return { position: tombstone.position };
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }
}
