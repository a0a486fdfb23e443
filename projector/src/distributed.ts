import { hostname } from 'node:os';
import {
  createKafka,
  ensureTopics,
  openKafkaDeadLetterSink,
  openKafkaPublisher,
  runKafkaConsumer,
} from '@plenty/platform/bus/kafka';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openMongoKeyStore } from '@plenty/platform/crypto/key-store-mongo';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openEsdbEventStore } from '@plenty/platform/event-store/esdb';
import { mongoLeaseStore } from '@plenty/platform/lease/mongo';
import { connectMongo } from '@plenty/platform/mongo';
import { openMongoReadStore } from '@plenty/platform/read-store/mongo';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { ProjectorServiceConfig, ProjectorStores } from './config.js';
import { runWhileLeader, type Leader } from './leader.js';
import { openNotifications } from './notifications/setup.js';
import { createPartitionProjector } from './partition-projector.js';
import { allProjections } from '@plenty/projections/all';
import { createRelay, readStoreCheckpoint, type Relay } from './relay.js';
import type { ProjectorLogger } from './runtime-api.js';
import { readModelsReadiness } from './runtime-status.js';
import { serveHealth } from './service.js';

export interface DistributedProjectorService {
  readonly url: string;
  /** Stops taking batches, lets the one in hand finish and commit, stops the relay, disconnects. */
  close(): Promise<void>;
}

type Distributed = Extract<ProjectorStores, { kind: 'distributed' }>;

/**
 * A projector instance of the distributed deployment: a member of the Kafka consumer group
 * that writes its partitions' events to the MongoDB read models, and, while it holds the
 * relay lease, the one relay that carries events from EventStoreDB to Kafka.
 */
export async function openDistributedProjectorService(
  config: ProjectorServiceConfig & { stores: Distributed },
  logger: ProjectorLogger,
): Promise<DistributedProjectorService> {
  const { stores } = config;
  const instance = `${hostname()}-${process.pid}`;
  const cleanups: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => logger.error({ err: error }, 'closing failed'));
    }
  };

  try {
    const masterKey = await loadMasterKey({ envValue: config.masterKey, dataDir: config.dataDir });
    const mongo = await connectMongo(stores.mongoUrl);
    cleanups.push(() => mongo.close());
    const db = mongo.db(stores.mongoDb);
    const keyStore = await openMongoKeyStore({ client: mongo, dbName: stores.mongoDb, masterKey });
    cleanups.push(() => keyStore.close());
    const readStore = await openMongoReadStore({ client: mongo, dbName: stores.mongoDb });
    cleanups.push(() => readStore.close());

    const kafka = createKafka({ brokers: stores.kafka.brokers, clientId: `${stores.kafka.clientId}-${instance}` });
    const admin = kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, stores.kafka);
    } finally {
      await admin.disconnect();
    }

    const relay = stores.relayEnabled
      ? await startRelay(stores, kafka, readStore, db, instance, logger, cleanups)
      : null;

    // Spending alerts follow each instance's partitions; one instance at a time (the lease holder) sends weekly reports.
    const notificationEvents = await openEsdbEventStore({ connectionString: stores.eventStoreUrl });
    cleanups.push(() => notificationEvents.close());
    const notifications = openNotifications(
      config.notifications,
      { eventStore: notificationEvents, readStore },
      logger,
    );
    cleanups.push(() => notifications.close());
    const weeklyReports = runWhileLeader({
      leases: mongoLeaseStore(db),
      name: 'weekly-report',
      owner: instance,
      lead: async () => notifications.weeklyReports.start(),
      abdicate: () => notifications.weeklyReports.stop(),
      logger,
    });
    cleanups.push(() => weeklyReports.stop());
    // Bill reminders too: their claims make them once anyway, the lease spares the others the reads.
    const reminders = runWhileLeader({
      leases: mongoLeaseStore(db),
      name: 'reminders',
      owner: instance,
      lead: async () => notifications.reminders.start(),
      abdicate: () => notifications.reminders.stop(),
      logger,
    });
    cleanups.push(() => reminders.stop());

    const deadLetters = await openKafkaDeadLetterSink(kafka, stores.kafka.deadLetterTopic);
    cleanups.push(() => deadLetters.close());
    const partitions = createPartitionProjector({
      readStore,
      codec: new EventCodec(keyStore),
      projections: allProjections,
      deadLetters,
      logger,
      afterBatch: notifications.afterBatch,
      rebuildSource: notificationEvents,
    });
    await partitions.prepare();
    // Projections whose version changed are rebuilt by one instance at a time: the lease holder.
    let rebuild: Promise<void> | null = null;
    let stopRebuild = false;
    const rebuilder = runWhileLeader({
      leases: mongoLeaseStore(db),
      name: 'projection-rebuild',
      owner: instance,
      lead: async () => {
        if (partitions.stale().length === 0 || rebuild !== null) return;
        stopRebuild = false;
        rebuild = partitions
          .rebuildStale({ stopping: () => stopRebuild })
          .catch((error: unknown) => logger.error({ err: error }, 'projection rebuild stopped'))
          .finally(() => {
            rebuild = null;
          });
      },
      abdicate: async () => {
        stopRebuild = true;
        await rebuild;
      },
      logger,
    });
    cleanups.push(() => rebuilder.stop());
    let crashed: Error | null = null;
    const consumer = await runKafkaConsumer(kafka, {
      groupId: stores.kafka.groupId,
      topic: stores.kafka.topic,
      handle: (batch, heartbeat) => partitions.handle(batch, heartbeat),
      onCrash: (error, willRestart) => {
        logger.error({ err: error, willRestart }, 'consumer crashed');
        crashed = willRestart ? null : error;
      },
    });
    cleanups.push(() => consumer.stop());

    const health = await serveHealth(config, logger, async () => {
      const ready = crashed === null;
      return {
        ready,
        body: {
          status: ready ? 'ready' : 'degraded',
          projections: readModelsReadiness(partitions.status(), partitions.quarantinedUsers()),
          consumer: { group: stores.kafka.groupId, topic: stores.kafka.topic, running: ready },
          relay:
            relay === null
              ? { enabled: false }
              : { enabled: true, leading: relay.leader.leading, position: relay.relay.position },
        },
      };
    });
    cleanups.push(() => health.close());
    return { url: health.url, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function startRelay(
  stores: Distributed,
  kafka: ReturnType<typeof createKafka>,
  readStore: ReadStore,
  db: Parameters<typeof mongoLeaseStore>[0],
  instance: string,
  logger: ProjectorLogger,
  cleanups: (() => Promise<void>)[],
): Promise<{ relay: Relay; leader: Leader }> {
  const eventStore = await openEsdbEventStore({ connectionString: stores.eventStoreUrl });
  cleanups.push(() => eventStore.close());
  const publisher = await openKafkaPublisher(kafka, stores.kafka.topic);
  cleanups.push(() => publisher.close());
  const relay = createRelay({ eventStore, publisher, checkpoint: readStoreCheckpoint(readStore), logger });
  const leader = runWhileLeader({
    leases: mongoLeaseStore(db),
    name: 'relay',
    owner: instance,
    lead: () => relay.start(),
    abdicate: () => relay.stop(),
    logger,
  });
  cleanups.push(() => leader.stop());
  return { relay, leader };
}
