import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema } from '@plenty/contracts/views/activity';
import { bearer } from '@plenty/platform/auth/fake-verifier';
import type { Projector } from '@plenty/projector/runtime-api';
import type { HistoryWriter } from '@plenty/projections/testing/history';
import { openQueryServer, type QueryServer } from './testing/query-server.js';

let server: QueryServer;
let app: FastifyInstance;
let projector: Projector;
let writer: HistoryWriter;
/** Resolved when a request starts waiting for a position. */
let onWait: (() => void) | null = null;

beforeAll(async () => {
  server = await openQueryServer('activity', () => onWait?.());
  ({ app, projector, writer } = server);
});

afterAll(async () => {
  await server.close();
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
