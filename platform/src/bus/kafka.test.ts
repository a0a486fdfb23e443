import { describe, expect, it, vi } from 'vitest';
import type { EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { RecordedEvent } from '../event-store/port.js';
import { fromEventMessage, MalformedEventMessageError, toEventMessage } from './event-message.js';
import {
  ACKS_ALL,
  deadLetterMessage,
  ensureTopics,
  eventBatch,
  nextOffset,
  readBatch,
  runKafkaConsumer,
  type PartitionBatch,
} from './kafka.js';

const event = (position: string, userId = 'alice'): RecordedEvent => ({
  id: `10000000-0000-4000-8000-${position.padStart(12, '0')}`,
  type: 'TransactionAdded',
  streamId: 'transaction-1',
  revision: 0,
  position,
  recordedAt: '2026-11-20T10:00:00.000Z',
  data: { note: { v: 1, c: 'sealed' }, amount: { amount: 4500, currency: 'THB' } },
  metadata: {
    userId,
    commandId: '00000000-0000-4000-8000-000000000001',
    correlationId: '00000000-0000-4000-8000-000000000001',
    occurredAt: '2026-11-20T10:00:00.000Z',
    schemaVersion: 1,
  },
});

const kafkaMessage = (offset: string, value: string | null): KafkaMessage => ({
  key: null,
  value: value === null ? null : Buffer.from(value),
  timestamp: '0',
  attributes: 0,
  offset,
  headers: {},
});

describe('event messages', () => {
  it('key each event by its user and round-trip it exactly', () => {
    const original = event('12/11');
    const message = toEventMessage(original);
    expect(message.key).toBe('alice');
    expect(message.headers).toEqual({ 'event-type': 'TransactionAdded', position: '12/11' });
    expect(fromEventMessage(message.value)).toEqual(original);
    expect(fromEventMessage(Buffer.from(message.value))).toEqual(original);
  });

  it('refuse what is not JSON, not an event, or has extra fields', () => {
    expect(() => fromEventMessage('{')).toThrow(MalformedEventMessageError);
    expect(() => fromEventMessage(null)).toThrow(MalformedEventMessageError);
    expect(() => fromEventMessage(JSON.stringify({ ...event('1'), position: 'x' }))).toThrow(/position/);
    expect(() => fromEventMessage(JSON.stringify({ ...event('1'), __proto__x: 1 }))).toThrow(
      MalformedEventMessageError,
    );
  });
});

describe('Kafka mapping', () => {
  it('sends a batch to one topic, acknowledged by all in-sync replicas, keyed per user', () => {
    const batch = eventBatch('plenty.events', [event('1', 'alice'), event('2', 'bob')]);
    expect(batch.acks).toBe(ACKS_ALL);
    expect(batch.topicMessages).toHaveLength(1);
    expect(batch.topicMessages?.[0]?.topic).toBe('plenty.events');
    expect(batch.topicMessages?.[0]?.messages.map((m) => m.key)).toEqual(['alice', 'bob']);
  });

  it('commits the offset after the last message handled', () => {
    expect(nextOffset('41')).toBe('42');
    expect(nextOffset('9007199254740993')).toBe('9007199254740994');
  });

  it('reads each message as an event or as the reason it is not one', () => {
    const batch = readBatch({
      topic: 't',
      partition: 3,
      messages: [
        kafkaMessage('5', toEventMessage(event('1')).value),
        kafkaMessage('6', 'garbage'),
        kafkaMessage('7', null),
      ],
    } as unknown as EachBatchPayload['batch']);
    expect(batch.messages.map((m) => [m.offset, m.event === null])).toEqual([
      ['5', false],
      ['6', true],
      ['7', true],
    ]);
    const bad = batch.messages[1];
    expect(bad !== undefined && bad.event === null && bad.raw).toBe('garbage');
  });

  it('puts the reason and where the message came from on a dead letter', () => {
    const letter = deadLetterMessage({
      event: event('3'),
      raw: null,
      reason: 'projection transactions failed',
      projection: 'transactions',
      source: { topic: 'plenty.events', partition: 1, offset: '17' },
    });
    expect(letter.key).toBe('alice');
    expect(letter.headers).toEqual({
      reason: 'projection transactions failed',
      'source-topic': 'plenty.events',
      'source-partition': '1',
      'source-offset': '17',
    });
    expect(JSON.parse(letter.value)).toMatchObject({ event: { position: '3' }, projection: 'transactions' });
  });

  it('accepts that another instance created the topics at the same moment, and reports other failures', async () => {
    const settings = { topic: 't', deadLetterTopic: 'd', partitions: 1, replicationFactor: 1 };
    const raced = Object.assign(new Error('aggregate'), { errors: [{ type: 'TOPIC_ALREADY_EXISTS' }] });
    await expect(ensureTopics({ createTopics: async () => Promise.reject(raced) }, settings)).resolves.toBeUndefined();
    const denied = Object.assign(new Error('aggregate'), { errors: [{ type: 'TOPIC_AUTHORIZATION_FAILED' }] });
    await expect(ensureTopics({ createTopics: async () => Promise.reject(denied) }, settings)).rejects.toBe(denied);
  });

  it('creates the events topic with its partitions and a dead-letter topic', async () => {
    const createTopics = vi.fn(async () => true);
    await ensureTopics(
      { createTopics },
      { topic: 'plenty.events', deadLetterTopic: 'plenty.events.dead-letter', partitions: 6, replicationFactor: 1 },
    );
    expect(createTopics).toHaveBeenCalledWith(
      expect.objectContaining({
        topics: [
          { topic: 'plenty.events', numPartitions: 6, replicationFactor: 1 },
          { topic: 'plenty.events.dead-letter', numPartitions: 1, replicationFactor: 1 },
        ],
      }),
    );
  });
});

describe('Kafka consumer runtime', () => {
  function fakeKafka() {
    const calls: string[] = [];
    let eachBatch: ((payload: EachBatchPayload) => Promise<void>) | undefined;
    let runConfig: Record<string, unknown> = {};
    const consumer = {
      events: { CRASH: 'consumer.crash' },
      on: vi.fn(),
      connect: vi.fn(async () => undefined),
      subscribe: vi.fn(async () => undefined),
      run: vi.fn(
        async (config: { eachBatch: (payload: EachBatchPayload) => Promise<void> } & Record<string, unknown>) => {
          eachBatch = config.eachBatch;
          runConfig = config;
        },
      ),
      commitOffsets: vi.fn(async (offsets: unknown) => {
        calls.push(`commit ${JSON.stringify(offsets)}`);
      }),
      disconnect: vi.fn(async () => undefined),
    };
    const kafka = { consumer: () => consumer } as unknown as Pick<Kafka, 'consumer'>;
    const deliver = (messages: KafkaMessage[]) =>
      eachBatch?.({
        batch: { topic: 'plenty.events', partition: 0, messages },
        resolveOffset: (offset: string) => calls.push(`resolve ${offset}`),
        heartbeat: async () => undefined,
        isRunning: () => true,
        isStale: () => false,
      } as unknown as EachBatchPayload);
    return { kafka, consumer, calls, deliver, runConfig: () => runConfig };
  }

  it('commits a batch only after it was handled, with automatic commits off', async () => {
    const fake = fakeKafka();
    const handled: PartitionBatch[] = [];
    await runKafkaConsumer(fake.kafka, {
      groupId: 'g',
      topic: 'plenty.events',
      handle: async (batch) => {
        fake.calls.push('handle');
        handled.push(batch);
      },
    });
    expect(fake.runConfig()).toMatchObject({ autoCommit: false, eachBatchAutoResolve: false });
    await fake.deliver([
      kafkaMessage('10', toEventMessage(event('1')).value),
      kafkaMessage('11', toEventMessage(event('2')).value),
    ]);
    expect(fake.calls).toEqual([
      'handle',
      'resolve 11',
      `commit ${JSON.stringify([{ topic: 'plenty.events', partition: 0, offset: '12' }])}`,
    ]);
    expect(handled[0]?.messages).toHaveLength(2);
  });

  it('commits nothing when handling fails, so the batch is delivered again', async () => {
    const fake = fakeKafka();
    await runKafkaConsumer(fake.kafka, {
      groupId: 'g',
      topic: 'plenty.events',
      handle: async () => {
        throw new Error('read store unavailable');
      },
    });
    await expect(fake.deliver([kafkaMessage('10', toEventMessage(event('1')).value)])).rejects.toThrow(
      'read store unavailable',
    );
    expect(fake.calls).toEqual([]);
  });
});
