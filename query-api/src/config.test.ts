import { describe, expect, it } from 'vitest';
import { loadQueryServiceConfig } from './config.js';

describe('query API configuration', () => {
  it('reads MongoDB when MONGODB_URL is set, the data folder otherwise', () => {
    expect(
      loadQueryServiceConfig({
        MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
        MONGODB_DB: 'p',
        EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
        PLENTY_MASTER_KEY: 'k'.repeat(44),
      }).stores,
    ).toEqual({
      kind: 'distributed',
      mongoUrl: 'mongodb://mongo:27017/?replicaSet=rs0',
      mongoDb: 'p',
      eventStoreUrl: 'esdb://eventstore:2113?tls=false',
    });
    expect(loadQueryServiceConfig({ DATA_DIR: '/d' }).stores).toEqual({ kind: 'embedded', dataDir: '/d' });
  });

  it('names a malformed database name', () => {
    expect(() => loadQueryServiceConfig({ MONGODB_URL: 'mongodb://m', MONGODB_DB: 'a/b' })).toThrow(/MONGODB_DB/);
  });

  it('needs the event store and the master key when distributed, for views as of a past day', () => {
    expect(() => loadQueryServiceConfig({ MONGODB_URL: 'mongodb://m' })).toThrow(
      /EVENTSTORE_URL: required[\s\S]*PLENTY_MASTER_KEY: required/,
    );
    expect(() =>
      loadQueryServiceConfig({ MONGODB_URL: 'mongodb://m', EVENTSTORE_URL: 'esdb://e:2113?tls=false' }),
    ).toThrow(/PLENTY_MASTER_KEY: required/);
    expect(() => loadQueryServiceConfig({ MONGODB_URL: 'mongodb://m', EVENTSTORE_URL: 'http://e' })).toThrow(
      /EVENTSTORE_URL/,
    );
  });
});
