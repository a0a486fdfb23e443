import { describe, expect, it } from 'vitest';
import { loadQueryServiceConfig } from './config.js';

describe('query API configuration', () => {
  it('reads MongoDB when MONGODB_URL is set, the data folder otherwise', () => {
    expect(
      loadQueryServiceConfig({ MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0', MONGODB_DB: 'p' }).stores,
    ).toEqual({
      kind: 'distributed',
      mongoUrl: 'mongodb://mongo:27017/?replicaSet=rs0',
      mongoDb: 'p',
    });
    expect(loadQueryServiceConfig({ DATA_DIR: '/d' }).stores).toEqual({ kind: 'embedded', dataDir: '/d' });
  });

  it('names a malformed database name', () => {
    expect(() => loadQueryServiceConfig({ MONGODB_URL: 'mongodb://m', MONGODB_DB: 'a/b' })).toThrow(/MONGODB_DB/);
  });
});
