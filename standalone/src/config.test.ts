import { describe, expect, it } from 'vitest';
import { loadStandaloneConfig } from './config.js';

describe('embedded default configuration', () => {
  it('listens on 127.0.0.1:8080 with data in ./data by default, limits on, no proxy trusted', () => {
    const config = loadStandaloneConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', trustProxy: false, authAttemptLimits: true });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('listens on any address it is given: its own identity signs the tokens', () => {
    expect(loadStandaloneConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadStandaloneConfig({ HOST: '192.168.1.20' }).host).toBe('192.168.1.20');
    expect(loadStandaloneConfig({ HOST: '::1' }).host).toBe('::1');
  });

  it('no longer reads the Auth emulator variables', () => {
    const config = loadStandaloneConfig({
      FIREBASE_PROJECT_ID: 'plenty-production',
      AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      PLENTY_AUTH_PROVIDERS: 'myspace',
    });
    expect(config).not.toHaveProperty('projectId');
    expect(config).not.toHaveProperty('authEmulatorHost');
    expect(config).not.toHaveProperty('authProviders');
  });

  it('trusts X-Forwarded-For only with TRUST_PROXY=true and turns attempt limits off only with off', () => {
    expect(loadStandaloneConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadStandaloneConfig({ AUTH_ATTEMPT_LIMITS: 'off' }).authAttemptLimits).toBe(false);
    expect(() => loadStandaloneConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadStandaloneConfig({ AUTH_ATTEMPT_LIMITS: 'false' })).toThrow(/AUTH_ATTEMPT_LIMITS/);
  });

  it('posts recurring transactions every minute by default, every RECURRING_INTERVAL_MS, or never with 0', () => {
    expect(loadStandaloneConfig({}).recurringIntervalMs).toBe(60_000);
    expect(loadStandaloneConfig({ RECURRING_INTERVAL_MS: '5000' }).recurringIntervalMs).toBe(5000);
    expect(loadStandaloneConfig({ RECURRING_INTERVAL_MS: '0' }).recurringIntervalMs).toBe(0);
    expect(() => loadStandaloneConfig({ RECURRING_INTERVAL_MS: '-1' })).toThrow(/RECURRING_INTERVAL_MS/);
  });

  it('names every bad variable', () => {
    expect(() => loadStandaloneConfig({ PORT: '-1', LOG_LEVEL: 'chatty' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('links mail to its own listening origin and writes it to <DATA_DIR>/outbox unless told otherwise', () => {
    const config = loadStandaloneConfig({ DATA_DIR: '/tmp/plenty', PORT: '8090', HOST: '::1' });
    expect(config.appOrigin).toBe('http://[::1]:8090');
    expect(config.mail.outboxDir).toBe('/tmp/plenty/outbox');
    const custom = loadStandaloneConfig({ APP_ORIGIN: 'http://localhost:3000', MAIL_OUTBOX_DIR: '/tmp/mail' });
    expect(custom.appOrigin).toBe('http://localhost:3000');
    expect(custom.mail.outboxDir).toBe('/tmp/mail');
  });
});
