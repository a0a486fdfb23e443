import { describe, expect, it } from 'vitest';
import { ConfigError } from '@plenty/platform/config';
import { loadProjectorServiceConfig } from './config.js';

const masterKey = Buffer.alloc(32, 7).toString('base64');
const servers = {
  EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
  MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
  KAFKA_BROKERS: 'kafka-1:9092,kafka-2:9092',
  PLENTY_MASTER_KEY: masterKey,
};

describe('projector configuration', () => {
  it('consumes Kafka and runs the relay when distributed, with topic defaults', () => {
    const { stores } = loadProjectorServiceConfig(servers);
    expect(stores).toMatchObject({
      kind: 'distributed',
      relayEnabled: true,
      kafka: {
        brokers: ['kafka-1:9092', 'kafka-2:9092'],
        topic: 'plenty.events',
        deadLetterTopic: 'plenty.events.dead-letter',
        groupId: 'plenty-projector',
        partitions: 6,
      },
    });
  });

  it('can leave the relay to other instances', () => {
    expect(loadProjectorServiceConfig({ ...servers, RELAY_ENABLED: 'false' }).stores).toMatchObject({
      relayEnabled: false,
    });
  });

  it('names every missing server and a malformed broker list', () => {
    expect(() => loadProjectorServiceConfig({ KAFKA_BROKERS: 'kafka:9092' })).toThrow(
      /EVENTSTORE_URL: required[\s\S]*MONGODB_URL: required[\s\S]*PLENTY_MASTER_KEY: required/,
    );
    expect(() => loadProjectorServiceConfig({ ...servers, KAFKA_BROKERS: 'kafka' })).toThrow(ConfigError);
    expect(() => loadProjectorServiceConfig({ ...servers, KAFKA_BROKERS: 'kafka' })).toThrow(/KAFKA_BROKERS/);
  });
});
