import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { backpressure, positionBefore } from './backpressure.js';
import { commandRoutes, type CommandHandlers } from './command-routes.js';

/** A projector whose position the test moves; it records what each wait asked for. */
function fakeProgress() {
  const waits: { target: string; timeoutMs: number; release: () => void }[] = [];
  return {
    waits,
    waitFor: (target: string, timeoutMs: number) =>
      new Promise<string>((resolve) => waits.push({ target, timeoutMs, release: () => resolve(target) })),
  };
}

describe('backpressure on commands', () => {
  it('waits for the read models to be within the bound of the command, at most the longest wait', async () => {
    const progress = fakeProgress();
    let answered = false;
    const settled = backpressure(progress, { behind: 16, maxWaitMs: 1000 })('1040').then(() => {
      answered = true;
    });
    await Promise.resolve();
    expect(progress.waits.map((w) => [w.target, w.timeoutMs])).toEqual([['1024', 1000]]);
    expect(answered).toBe(false);
    progress.waits[0]?.release();
    await settled;
    expect(answered).toBe(true);
  });

  it('does not wait for a projector that stopped on a failure', async () => {
    const progress = { ...fakeProgress(), isHealthy: () => false };
    await backpressure(progress, { behind: 0, maxWaitMs: 1000 })('7');
    expect(progress.waits).toEqual([]);
  });

  it('counts back plain positions only, never below zero, and waits for an EventStoreDB position itself', () => {
    expect(positionBefore('100', 16)).toBe('84');
    expect(positionBefore('5', 16)).toBe('0');
    expect(positionBefore('1000', 0)).toBe('1000');
    expect(positionBefore('123/120', 16)).toBe('123/120');
  });

  it("holds a command's answer until it is settled, and answers it then", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const verifier: TokenVerifier = {
      verify: async () => ({
        uid: 'alice',
        email: 'alice@example.com',
        emailVerified: true,
        expiresAt: 4e9,
        authTime: 1.7e9,
      }),
    };
    const settling: { position: string; release: () => void }[] = [];
    const handlers = {
      AddTransaction: async () => ({ streamId: 'transaction-t1', revision: 0, position: '42' }),
    } as unknown as CommandHandlers<'AddTransaction'>;
    await app.register(
      async (scope) =>
        commandRoutes(scope, handlers, {
          verifier,
          bodyLimit: 10_000,
          settle: (position) => new Promise<void>((resolve) => settling.push({ position, release: resolve })),
        }),
      { prefix: '/api/commands' },
    );
    let done = false;
    const answer = app
      .inject({
        method: 'POST',
        url: '/api/commands/AddTransaction',
        headers: { authorization: 'Bearer a-token-long-enough-to-look-real', 'content-type': 'application/json' },
        payload: {
          commandId: '0192f0c4-7a1b-7c3d-8e4f-000000000001',
          transactionId: '0192f0c4-7a1b-7c3d-8e4f-000000000002',
          type: 'expense',
          amount: { amount: 4500, currency: 'THB' },
          categoryId: 'builtin-food',
          date: '2026-11-20',
          time: '08:15',
          note: 'Khao piak sen',
        },
      })
      .then((response) => {
        done = true;
        return response;
      });
    while (settling.length === 0 && !done) await new Promise((resolve) => setImmediate(resolve));
    expect(settling.map((s) => s.position)).toEqual(['42']);
    expect(done).toBe(false);
    settling[0]?.release();
    const response = await answer;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ streamId: 'transaction-t1', revision: 0, position: '42' });
    await app.close();
  });
});
