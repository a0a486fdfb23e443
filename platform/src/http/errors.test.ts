import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { EventSchemaError } from '../crypto/event-codec.js';
import { DataKeyErasedError } from '../crypto/port.js';
import { installErrorHandling, storageFailure } from './errors.js';

const failing = (error: Error & { code?: string }) => {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  app.post('/write', async () => {
    throw error;
  });
  return app;
};
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('storage failures', () => {
  it.each([
    ['SQLITE_FULL', 507, 'storage_full'],
    ['ENOSPC', 507, 'storage_full'],
    ['EFBIG', 507, 'storage_full'],
    ['SQLITE_READONLY', 503, 'storage_unavailable'],
    ['SQLITE_READONLY_DBMOVED', 503, 'storage_unavailable'],
    ['SQLITE_IOERR_WRITE', 503, 'storage_unavailable'],
    ['EROFS', 503, 'storage_unavailable'],
    ['SQLITE_CORRUPT', 503, 'storage_unavailable'],
    ['SQLITE_NOTADB', 503, 'storage_unavailable'],
  ])('answer %s with %i %s and no internals', async (code, status, answer) => {
    const app = failing(coded(`disk trouble at /var/lib/plenty/events.db (${code})`, code));
    const response = await app.inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code: answer, message: expect.any(String) } });
    expect(response.body).not.toContain('/var/lib');
    if (status === 503) expect(response.headers['retry-after']).toBe('30');
    await app.close();
  });

  it('leave every other failure a plain internal error', async () => {
    expect(storageFailure(coded('x', 'SQLITE_CONSTRAINT'))).toBeNull();
    expect(storageFailure(new Error('boom'))).toBeNull();
    const response = await failing(new TypeError('x is undefined')).inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'internal' } });
  });
});

describe('a command of an erased user', () => {
  it('answers 401 unauthenticated when it reaches the key store after the erasure', async () => {
    const response = await failing(new DataKeyErasedError()).inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });
});

describe('a command whose event breaks its schema', () => {
  it('answers 422 event_out_of_range, naming no field or value', async () => {
    const error = new EventSchemaError('InstallmentMarkedPaid', [
      'principal: Too big: expected number to be <=2251799813685248',
    ]);
    const response = await failing(error).inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: { code: 'event_out_of_range', message: expect.any(String) } });
    expect(response.body).not.toContain('principal');
  });
});
