import { describe, expect, it } from 'vitest';
import { ConfigError } from '@plenty/platform/config';
import { loadCommandServiceConfig } from './config.js';

const masterKey = Buffer.alloc(32, 7).toString('base64');

describe('command API configuration', () => {
  it('runs embedded on a data folder when no server is configured', () => {
    expect(loadCommandServiceConfig({ DATA_DIR: '/tmp/plenty' }).stores).toEqual({
      kind: 'embedded',
      dataDir: '/tmp/plenty',
    });
  });

  it('runs distributed on EventStoreDB with data keys in MongoDB', () => {
    const config = loadCommandServiceConfig({
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
      PLENTY_MASTER_KEY: masterKey,
    });
    expect(config.stores).toEqual({
      kind: 'distributed',
      eventStoreUrl: 'esdb://eventstore:2113?tls=false',
      mongoUrl: 'mongodb://mongo:27017/?replicaSet=rs0',
      mongoDb: 'plenty',
    });
  });

  it('posts recurring transactions every minute by default, or never with RECURRING_INTERVAL_MS=0', () => {
    expect(loadCommandServiceConfig({ DATA_DIR: '/tmp/plenty' }).recurringIntervalMs).toBe(60_000);
    expect(loadCommandServiceConfig({ DATA_DIR: '/tmp/plenty', RECURRING_INTERVAL_MS: '0' }).recurringIntervalMs).toBe(
      0,
    );
    expect(() => loadCommandServiceConfig({ DATA_DIR: '/tmp/plenty', RECURRING_INTERVAL_MS: 'soon' })).toThrow(
      /RECURRING_INTERVAL_MS/,
    );
  });

  it('names what is missing once one server is configured', () => {
    const load = () => loadCommandServiceConfig({ EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/MONGODB_URL: required, because EVENTSTORE_URL is set[\s\S]*PLENTY_MASTER_KEY: required/);
  });

  it('names a malformed connection string', () => {
    expect(() => loadCommandServiceConfig({ EVENTSTORE_URL: 'http://eventstore:2113' })).toThrow(
      /EVENTSTORE_URL: .*esdb:/,
    );
  });

  it('listens beyond loopback with the emulator only when told it is a private network', () => {
    const env = { HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: 'auth:9099' };
    expect(() => loadCommandServiceConfig(env)).toThrow(/PLENTY_EMULATOR_ON_NETWORK=true/);
    expect(loadCommandServiceConfig({ ...env, PLENTY_EMULATOR_ON_NETWORK: 'true' }).host).toBe('0.0.0.0');
  });

  it('mails into <DATA_DIR>/outbox by default and links to the web entry', () => {
    const config = loadCommandServiceConfig({ DATA_DIR: '/tmp/plenty' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Plenty <no-reply@plenty.invalid>',
      outboxDir: '/tmp/plenty/outbox',
    });
    expect(config.appOrigin).toBe('http://127.0.0.1:8080');
  });

  it('sends through SMTP from MAIL_FROM, and names MAIL_FROM when it is missing', () => {
    const config = loadCommandServiceConfig({
      SMTP_URL: 'smtps://plenty:secret@mail.example:465',
      MAIL_FROM: 'Plenty <no-reply@plenty.example>',
      APP_ORIGIN: 'https://plenty.example/',
    });
    expect(config.mail.smtpUrl).toBe('smtps://plenty:secret@mail.example:465');
    expect(config.appOrigin).toBe('https://plenty.example');
    expect(() => loadCommandServiceConfig({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /MAIL_FROM: required, because SMTP_URL is set/,
    );
  });

  it('names a malformed SMTP URL, sender or app origin', () => {
    expect(() => loadCommandServiceConfig({ SMTP_URL: 'mail.example:25', MAIL_FROM: 'a@b.example' })).toThrow(
      /SMTP_URL: an SMTP URL/,
    );
    expect(() => loadCommandServiceConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM: an address/);
    expect(() => loadCommandServiceConfig({ APP_ORIGIN: 'https://plenty.example/app' })).toThrow(
      /APP_ORIGIN: an origin without a path/,
    );
  });
});
