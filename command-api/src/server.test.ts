import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '@plenty/platform/config';
import { loadCommandServiceConfig, openCommandService, type CommandService } from './server.js';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';

let dir: string;
let service: CommandService;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-command-service-'));
  service = await openCommandService(loadCommandServiceConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), {
    verifier: fakeVerifier,
  });
});

afterEach(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('command service on its own', () => {
  it('accepts commands and reports the head of its event store when ready', async () => {
    const answer = await service.app.inject({
      method: 'POST',
      url: '/api/commands/AddTransaction',
      headers: { authorization: bearer('alice') },
      payload: {
        commandId: randomUUID(),
        transactionId: randomUUID(),
        type: 'income',
        amount: { amount: 1_500_000, currency: 'LAK' },
        categoryId: 'builtin-salary',
        date: '2026-11-25',
      },
    });
    expect(answer.statusCode).toBe(200);
    expect((await service.app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ready',
      events: { head: answer.json().position },
    });
  });
});

describe('command service headers', () => {
  it('forbids loading, framing and sniffing its JSON answers, and sends HSTS only over TLS', async () => {
    const answer = await service.app.inject({ url: '/healthz' });
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('offers RequestPasswordReset to a guest and the verification commands to a signed-in user only', async () => {
    const guest = await service.app.inject({
      method: 'POST',
      url: '/api/commands/RequestPasswordReset',
      payload: { commandId: randomUUID(), email: 'someone@example.test', locale: 'en' },
    });
    expect(guest.statusCode).toBe(200);
    const unsigned = await service.app.inject({
      method: 'POST',
      url: '/api/commands/SendVerificationCode',
      payload: { commandId: randomUUID(), locale: 'en' },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('command service configuration', () => {
  it('has defaults for everything', () => {
    expect(loadCommandServiceConfig({})).toMatchObject({ port: 8081, host: '127.0.0.1', projectId: 'demo-plenty' });
  });

  it('fails fast naming each bad variable', () => {
    expect(() => loadCommandServiceConfig({ PORT: '99999', FIREBASE_PROJECT_ID: 'Not A Project' })).toThrow(
      ConfigError,
    );
    expect(() => loadCommandServiceConfig({ PORT: '99999', FIREBASE_PROJECT_ID: 'Not A Project' })).toThrow(
      /PORT[\s\S]*FIREBASE_PROJECT_ID/,
    );
  });

  it('refuses to take unsigned emulator tokens from beyond this machine', () => {
    expect(() => loadCommandServiceConfig({ HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /loopback/,
    );
  });
});
