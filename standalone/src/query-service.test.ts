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
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import { historyWriter } from '@plenty/projections/testing/history';
import { loadQueryServiceConfig, openQueryService, type QueryService } from '@plenty/query-api/server';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';

let dir: string;
let service: QueryService;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-query-service-'));
  const config = loadQueryServiceConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  service = await openQueryService(config, { verifier: fakeVerifier });
});

afterEach(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('query service on its own', () => {
  it('answers health checks', async () => {
    expect((await service.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await service.app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ready',
      projections: { position: '0' },
    });
  });

  it('reads what a projector in another process writes, waiting for X-Min-Position', async () => {
    const keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
    const eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
    const readStore = await openSqliteReadStore({ path: join(dir, 'read.db') });
    const codec = new EventCodec(keyStore);
    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections });
    const { transactionId, position } = await historyWriter(eventStore, codec).addTransaction('alice');

    const reading = service.app.inject({
      url: '/api/queries/transactions',
      headers: { authorization: bearer('alice'), 'x-min-position': position },
    });
    await projector.catchUp();
    const answer = await reading;
    expect(answer.headers['x-position']).toBe(position);
    expect(answer.json().items).toEqual([expect.objectContaining({ id: transactionId, note: 'Lunch by the river' })]);
    await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
  });
});

describe('query service as of a past day', () => {
  it("replays the caller's events from the data folder, with their notes readable", async () => {
    const masterKey = await loadMasterKey({ dataDir: dir });
    const keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey });
    const eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
    const { transactionId } = await historyWriter(eventStore, new EventCodec(keyStore)).addTransaction('alice');
    const today = new Date().toISOString().slice(0, 10);
    const answer = await service.app.inject({
      url: `/api/queries/dashboard?asOf=${today}`,
      headers: { authorization: bearer('alice') },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().recent).toEqual([expect.objectContaining({ id: transactionId, note: 'Lunch by the river' })]);
    const bob = await service.app.inject({
      url: `/api/queries/dashboard?asOf=${today}`,
      headers: { authorization: bearer('bob') },
    });
    expect(bob.json().recent).toEqual([]);
    await Promise.all([eventStore.close(), keyStore.close()]);
  });
});

describe('query service downloads', () => {
  it('signs an export link and streams the CSV, refusing a missing token', async () => {
    expect((await service.app.inject({ url: '/api/files/export.csv' })).statusCode).toBe(401);
    const link = await service.app.inject({
      url: '/api/queries/export/link?locale=lo',
      headers: { authorization: bearer('alice') },
    });
    expect(link.statusCode).toBe(200);
    const csv = await service.app.inject({ url: (link.json() as { url: string }).url });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFວັນທີ,ເວລາ,ປະເພດ,ໝວດໝູ່,ຈຳນວນເງິນ,ສະກຸນເງິນ,ໝາຍເຫດ,ກະເປົາເງິນ,ແທັກ,ແບ່ງລາຍການ,ໝາຍເຫດຂອງແຖວທີ່ແບ່ງ,ລະຫັດລາຍການ',
    );
  });
});

describe('query service configuration', () => {
  it('has defaults for everything', () => {
    expect(loadQueryServiceConfig({})).toMatchObject({ port: 8082, host: '127.0.0.1', projectId: 'demo-plenty' });
  });

  it('fails fast naming each bad variable', () => {
    expect(() => loadQueryServiceConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadQueryServiceConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('refuses to take unsigned emulator tokens from beyond this machine', () => {
    expect(() => loadQueryServiceConfig({ HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /loopback/,
    );
  });
});
