import { describe, expect, it } from 'vitest';
import { ConfigError } from '@plenty/platform/config';
import { loadStandaloneConfig } from './config.js';

describe('embedded default configuration', () => {
  it('listens on 127.0.0.1:8080 with data in ./data by default', () => {
    expect(loadStandaloneConfig({})).toMatchObject({ port: 8080, host: '127.0.0.1', projectId: 'demo-plenty' });
    expect(loadStandaloneConfig({}).dataDir).toMatch(/\/data$/);
  });

  it('refuses a non-loopback HOST while the emulator signs users in, and says why', () => {
    expect(() => loadStandaloneConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadStandaloneConfig({ HOST: '192.168.1.20' })).toThrow(/unsigned/);
    expect(loadStandaloneConfig({ HOST: '::1' }).host).toBe('::1');
  });

  it('refuses a real Firebase project, which belongs to the distributed deployment', () => {
    expect(() => loadStandaloneConfig({ FIREBASE_PROJECT_ID: 'plenty-production' })).toThrow(/demo-/);
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

  it('offers the social providers PLENTY_AUTH_PROVIDERS names, and refuses one it has no button for', () => {
    expect(loadStandaloneConfig({}).authProviders).toEqual(['google', 'github', 'facebook', 'apple']);
    expect(loadStandaloneConfig({ PLENTY_AUTH_PROVIDERS: ' Google, github ,' }).authProviders).toEqual([
      'google',
      'github',
    ]);
    expect(loadStandaloneConfig({ PLENTY_AUTH_PROVIDERS: 'none' }).authProviders).toEqual([]);
    expect(() => loadStandaloneConfig({ PLENTY_AUTH_PROVIDERS: 'google,myspace' })).toThrow(/PLENTY_AUTH_PROVIDERS/);
  });
});
