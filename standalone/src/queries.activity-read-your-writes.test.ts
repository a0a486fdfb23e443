import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema } from '@plenty/contracts/views/activity';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { installErrorHandling } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import type { Projector } from '@plenty/projector/runtime-api';
import { historyWriter, type HistoryWriter } from '@plenty/projections/testing/history';
import { queryApi } from '@plenty/query-api/app';

const dir = mkdtempSync(join(tmpdir(), 'plenty-activity-'));
let app: FastifyInstance;
let eventStore: EventStore;
let keyStore: KeyStore;
let readStore: ReadStore;
let projector: Projector;
let writer: HistoryWriter;
/** Resolved when a request starts waiting for a position. */
let onWait: (() => void) | null = null;

beforeAll(async () => {
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
  readStore = await openSqliteReadStore({ path: join(dir, 'read.db') });
  const codec = new EventCodec(keyStore);
  projector = createProjector({ eventStore, readStore, codec, projections: allProjections });
  await projector.start();
  writer = historyWriter(eventStore, codec);
  app = Fastify();
  installErrorHandling(app);
  const progress = {
    current: () => projector.current(),
    waitFor: (position: string, timeoutMs: number) => {
      onWait?.();
      return projector.waitFor(position, timeoutMs);
    },
  };
  await app.register(queryApi, { prefix: '/api/queries', readStore, verifier: fakeVerifier, progress });
});

afterAll(async () => {
  await app.close();
  await projector.stop();
  await Promise.all([eventStore.close(), keyStore.close(), readStore.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/queries${url}`, headers: { authorization: bearer('dara'), ...headers } });

describe('GET /activity through the query service', () => {
  it('reads the user’s own edit once the projections pass X-Min-Position, notes decrypted', async () => {
    const { transactionId } = await writer.addTransaction('dara', { note: 'Noodles' });
    await projector.stop();
    const position = await writer.editTransaction('dara', transactionId, { note: 'Noodles and tea' });
    const waiting = new Promise<void>((resolve) => (onWait = resolve));
    const reading = get(`/activity?subjectId=${transactionId}`, { 'x-min-position': position });
    await waiting;
    await projector.start();
    const answer = await reading;
    expect(answer.statusCode).toBe(200);
    const page = activityPageSchema.parse(answer.json());
    expect(page.items.map((entry) => [entry.type, entry.subject.name])).toEqual([
      ['transaction_edited', 'Noodles and tea'],
      ['transaction_added', 'Noodles'],
    ]);
    expect(page.items[0]?.changes).toEqual([{ field: 'note', from: 'Noodles', to: 'Noodles and tea' }]);
  });

  it('answers 400 for an X-Min-Position that is not a position', async () => {
    const answer = await get('/activity', { 'x-min-position': 'latest' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toEqual({ 'x-min-position': 'field_invalid' });
  });
});
