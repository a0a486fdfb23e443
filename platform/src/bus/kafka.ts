import {
  CompressionTypes,
  Kafka,
  logLevel,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type Producer,
  type ProducerBatch,
} from 'kafkajs';
import type { RecordedEvent } from '../event-store/port.js';
import { fromEventMessage, toEventMessage } from './event-message.js';
import type { DeadLetter, DeadLetterSink, EventPublisher } from './port.js';

/** Kafka's "all in-sync replicas" acknowledgement. */
export const ACKS_ALL = -1;

export interface KafkaSettings {
  readonly brokers: readonly string[];
  readonly clientId: string;
}

export function createKafka(settings: KafkaSettings): Kafka {
  return new Kafka({
    clientId: settings.clientId,
    brokers: [...settings.brokers],
    logLevel: logLevel.WARN,
    // The client's own retries for transient broker errors; callers add their own back-off on top.
    retry: { initialRetryTime: 300, maxRetryTime: 30_000, retries: 10 },
  });
}

export interface TopicSettings {
  readonly topic: string;
  readonly deadLetterTopic: string;
  readonly partitions: number;
  readonly replicationFactor: number;
}

/** Whether a createTopics failure only says another instance created the topics first. */
export function isTopicAlreadyExists(error: unknown): boolean {
  const errors = (error as { errors?: unknown }).errors;
  const all = Array.isArray(errors) && errors.length > 0 ? errors : [error];
  return all.every((e) => (e as { type?: unknown }).type === 'TOPIC_ALREADY_EXISTS');
}

/**
 * Creates the events and dead-letter topics when missing; existing topics are left as they
 * are, and so is a race with another instance creating them at the same moment.
 */
export async function ensureTopics(admin: Pick<Admin, 'createTopics'>, settings: TopicSettings): Promise<void> {
  await admin
    .createTopics({
      waitForLeaders: true,
      topics: [
        { topic: settings.topic, numPartitions: settings.partitions, replicationFactor: settings.replicationFactor },
        { topic: settings.deadLetterTopic, numPartitions: 1, replicationFactor: settings.replicationFactor },
      ],
    })
    .catch((error: unknown) => {
      if (!isTopicAlreadyExists(error)) throw error;
      return false;
    });
}

/** The batch a publish sends: one topic, every message keyed by its user, acknowledged by all replicas. */
export function eventBatch(topic: string, events: readonly RecordedEvent[]): ProducerBatch {
  return {
    acks: ACKS_ALL,
    compression: CompressionTypes.GZIP,
    topicMessages: [
      {
        topic,
        messages: events.map((event) => {
          const message = toEventMessage(event);
          return { key: message.key, value: message.value, headers: { ...message.headers } };
        }),
      },
    ],
  };
}

/**
 * Publishes with an idempotent producer (no duplicates from the client's own retries, order
 * kept per partition); `publish` resolves only after every replica in sync acknowledged.
 */
export async function openKafkaPublisher(kafka: Pick<Kafka, 'producer'>, topic: string): Promise<EventPublisher> {
  const producer: Producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  return {
    async publish(events) {
      if (events.length === 0) return;
      await producer.sendBatch(eventBatch(topic, events));
    },
    close: () => producer.disconnect(),
  };
}

/** The dead-letter message: the event (still encrypted) or the raw value, with why it was set aside. */
export function deadLetterMessage(letter: DeadLetter): {
  key: string | null;
  value: string;
  headers: Record<string, string>;
} {
  return {
    key: letter.event?.metadata.userId ?? null,
    value: JSON.stringify(letter),
    headers: {
      reason: letter.reason.slice(0, 500),
      'source-topic': letter.source.topic,
      'source-partition': String(letter.source.partition),
      'source-offset': letter.source.offset,
    },
  };
}

export async function openKafkaDeadLetterSink(
  kafka: Pick<Kafka, 'producer'>,
  deadLetterTopic: string,
): Promise<DeadLetterSink> {
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  await producer.connect();
  return {
    async send(letter) {
      await producer.send({ topic: deadLetterTopic, acks: ACKS_ALL, messages: [deadLetterMessage(letter)] });
    },
    close: () => producer.disconnect(),
  };
}

/** One Kafka message of a batch, read as an event or as the reason it is not one. */
export type ReceivedMessage =
  | { readonly offset: string; readonly event: RecordedEvent }
  | { readonly offset: string; readonly event: null; readonly raw: string | null; readonly error: Error };

export interface PartitionBatch {
  readonly topic: string;
  readonly partition: number;
  readonly messages: readonly ReceivedMessage[];
}

export function readBatch(batch: EachBatchPayload['batch']): PartitionBatch {
  return {
    topic: batch.topic,
    partition: batch.partition,
    messages: batch.messages.map((message): ReceivedMessage => {
      try {
        return { offset: message.offset, event: fromEventMessage(message.value) };
      } catch (error) {
        return {
          offset: message.offset,
          event: null,
          raw: message.value === null ? null : message.value.toString('utf8').slice(0, 10_000),
          error: error instanceof Error ? error : new Error(String(error)),
        };
      }
    }),
  };
}

/** The offset to commit after a message: Kafka commits the next offset to read. */
export function nextOffset(offset: string): string {
  return (BigInt(offset) + 1n).toString();
}

export interface ConsumerOptions {
  readonly groupId: string;
  readonly topic: string;
  /**
   * Writes the batch's effects; resolves once they are durable. Throwing leaves the offsets
   * uncommitted, so the batch comes again (after a restart or a rebalance too).
   */
  handle(batch: PartitionBatch, heartbeat: () => Promise<void>): Promise<void>;
  onCrash?(error: Error, willRestart: boolean): void;
}

export interface RunningConsumer {
  /** Stops fetching, lets the batch in hand finish and commit, then leaves the group. */
  stop(): Promise<void>;
}

/**
 * Runs a consumer group member: each batch is handed over whole, and its offset is committed
 * only after `handle` resolved: at least once, never lost. Instances of the same group share
 * the partitions between them.
 */
export async function runKafkaConsumer(
  kafka: Pick<Kafka, 'consumer'>,
  options: ConsumerOptions,
): Promise<RunningConsumer> {
  const consumer: Consumer = kafka.consumer({
    groupId: options.groupId,
    sessionTimeout: 30_000,
    heartbeatInterval: 3_000,
    allowAutoTopicCreation: false,
  });
  consumer.on(consumer.events.CRASH, (event) => options.onCrash?.(event.payload.error, event.payload.restart));
  await consumer.connect();
  await consumer.subscribe({ topics: [options.topic], fromBeginning: true });
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    eachBatch: async (payload) => {
      if (!payload.isRunning() || payload.isStale()) return;
      const batch = readBatch(payload.batch);
      const last = batch.messages.at(-1);
      if (last === undefined) return;
      await options.handle(batch, payload.heartbeat);
      payload.resolveOffset(last.offset);
      await consumer.commitOffsets([
        { topic: batch.topic, partition: batch.partition, offset: nextOffset(last.offset) },
      ]);
      await payload.heartbeat();
    },
  });
  return { stop: () => consumer.disconnect() };
}
