import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import type { RecordedEvent } from '../event-store/port.js';
import { requireContainers } from '../testing/container-runtime.js';
import type { DeadLetter } from './port.js';
import {
  createKafka,
  ensureTopics,
  openKafkaDeadLetterSink,
  openKafkaPublisher,
  runKafkaConsumer,
  type PartitionBatch,
} from './kafka.js';

const runtime = await requireContainers('Kafka round trip');

const event = (n: number, userId: string): RecordedEvent => ({
  id: randomUUID(),
  type: 'TransactionAdded',
  streamId: `transaction-${randomUUID()}`,
  revision: 0,
  position: String(n),
  recordedAt: new Date().toISOString(),
  data: { n },
  metadata: {
    userId,
    commandId: randomUUID(),
    correlationId: randomUUID(),
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

describe.skipIf(!runtime.available)('Kafka round trip (testcontainers)', () => {
  let container: StartedTestContainer;
  let brokers: string[];

  beforeAll(async () => {
    const { KafkaContainer } = await import('@testcontainers/kafka');
    container = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
    brokers = [`${container.getHost()}:${container.getMappedPort(9093)}`];
  }, 240_000);

  afterAll(async () => {
    await container?.stop();
  });

  it('delivers every published event to the consumer group, in order per user, and resumes after the commit', async () => {
    const topic = `events-${randomUUID()}`;
    const kafka = createKafka({ brokers, clientId: 'contract' });
    const admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, { topic, deadLetterTopic: `${topic}.dlq`, partitions: 3, replicationFactor: 1 });
    await admin.disconnect();

    const publisher = await openKafkaPublisher(kafka, topic);
    const sent = Array.from({ length: 30 }, (_, n) => event(n + 1, `user-${n % 4}`));
    await publisher.publish(sent.slice(0, 20));

    const received: RecordedEvent[] = [];
    const consume = () =>
      runKafkaConsumer(kafka, {
        groupId: `group-${topic}`,
        topic,
        handle: async (batch: PartitionBatch) => {
          for (const message of batch.messages) if (message.event !== null) received.push(message.event);
        },
      });
    let consumer = await consume();
    for (let i = 0; i < 300 && received.length < 20; i += 1) await new Promise((r) => setTimeout(r, 100));
    await consumer.stop();
    expect(received).toHaveLength(20);

    await publisher.publish(sent.slice(20));
    consumer = await consume();
    for (let i = 0; i < 300 && received.length < 30; i += 1) await new Promise((r) => setTimeout(r, 100));
    await consumer.stop();
    await publisher.close();

    // Committed offsets: the second member starts where the first stopped, nothing twice.
    expect(received.map((e) => e.id).sort()).toEqual(sent.map((e) => e.id).sort());
    for (const userId of ['user-0', 'user-1', 'user-2', 'user-3']) {
      const positions = received.filter((e) => e.metadata.userId === userId).map((e) => Number(e.position));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  }, 120_000);

  it('accepts a dead letter with its reason', async () => {
    const kafka = createKafka({ brokers, clientId: 'contract' });
    const topic = `dlq-${randomUUID()}`;
    const admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, {
      topic: `${topic}.events`,
      deadLetterTopic: topic,
      partitions: 1,
      replicationFactor: 1,
    });
    await admin.disconnect();
    const sink = await openKafkaDeadLetterSink(kafka, topic);
    const letter: DeadLetter = {
      event: event(1, 'alice'),
      raw: null,
      reason: 'projection failed',
      projection: 'transactions',
      source: { topic: 'events', partition: 0, offset: '4' },
    };
    await sink.send(letter);
    await sink.close();
    const consumer = kafka.consumer({ groupId: `read-${topic}` });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    const values: string[] = [];
    await consumer.run({ eachMessage: async ({ message }) => void values.push(message.value?.toString() ?? '') });
    for (let i = 0; i < 300 && values.length < 1; i += 1) await new Promise((r) => setTimeout(r, 100));
    await consumer.disconnect();
    expect(JSON.parse(values[0] ?? '{}')).toMatchObject({ reason: 'projection failed', projection: 'transactions' });
  }, 120_000);
});
