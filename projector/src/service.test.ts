import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '@plenty/platform/config';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { loadProjectorServiceConfig, openProjectorService, type ProjectorService } from './service.js';
import { allProjections } from '@plenty/projections/all';
import { historyWriter } from '@plenty/projections/testing/history';

const quiet = { info: () => undefined, error: () => undefined };
let dir: string;
let service: ProjectorService;
const masterKey = randomBytes(32).toString('base64');

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-projector-service-'));
  const config = loadProjectorServiceConfig({ DATA_DIR: dir, PORT: '0', PLENTY_MASTER_KEY: masterKey });
  service = await openProjectorService(config, quiet);
});

afterEach(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('projector service on its own', () => {
  it('projects what the command side appends in another process, and says so in /readyz', async () => {
    const key = await loadMasterKey({ envValue: masterKey, dataDir: dir });
    const keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: key });
    const eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
    const { position } = await historyWriter(eventStore, new EventCodec(keyStore)).addTransaction('alice');
    expect(await service.projector.waitFor(position, 10_000)).toBe(position);

    const health = await fetch(`${service.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      projections: {
        position,
        head: position,
        current: allProjections.flatMap((p) => p.views.map((v) => v.name)),
        rebuilding: [],
        quarantinedUsers: 0,
      },
    });
    expect((await fetch(`${service.url}/elsewhere`)).status).toBe(404);
    await Promise.all([eventStore.close(), keyStore.close()]);
  });
});

describe('projector service configuration', () => {
  it('has defaults for everything', () => {
    expect(loadProjectorServiceConfig({})).toMatchObject({ port: 8083, host: '127.0.0.1', batchSize: 500 });
  });

  it('fails fast naming each bad variable', () => {
    expect(() => loadProjectorServiceConfig({ PORT: '-1', PROJECTOR_BATCH_SIZE: 'many' })).toThrow(ConfigError);
    expect(() => loadProjectorServiceConfig({ PORT: '-1', PROJECTOR_BATCH_SIZE: 'many' })).toThrow(
      /PORT[\s\S]*PROJECTOR_BATCH_SIZE/,
    );
  });
});
