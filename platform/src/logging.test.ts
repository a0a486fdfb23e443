import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorForLog, scrubLogText, serviceLoggerOptions } from './logging.js';

/** A Fastify app whose log lines are collected. */
function appWithLog(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { ...serviceLoggerOptions(level), stream } });
  return { app, lines };
}

describe('logs', () => {
  it('never carry an address, a reset link token or a code in a query', () => {
    expect(
      scrubLogText(
        'mail to Noy.K+plenty@mail.example.la failed: <somchai@example.test> rejected; ' +
          'link http://127.0.0.1:8080/th/auth/reset-password/Abc-123_x?lang=th and /callback?code=s3cr3t&state=xyz',
      ),
    ).toBe(
      'mail to [address] failed: <[address]> rejected; ' +
        'link http://127.0.0.1:8080/th/auth/reset-password/[token]?lang=th and /callback?code=[redacted]&state=[redacted]',
    );
  });

  it('show errors by type, code, message and stack, scrubbed, without the properties a library added', () => {
    const smtp = Object.assign(new Error('Message failed: 550 <noy@example.test>: Recipient address rejected'), {
      code: 'EENVELOPE',
      rejected: ['noy@example.test'],
      response: '550 <noy@example.test>',
    });
    const logged = errorForLog(new Error('password reset mail failed', { cause: smtp }));
    expect(JSON.stringify(logged)).not.toContain('noy@');
    expect(logged.cause).toMatchObject({
      type: 'Error',
      code: 'EENVELOPE',
      message: expect.stringContaining('[address]'),
    });
    expect(logged.cause).not.toHaveProperty('rejected');
  });

  it('redact personal fields and scrub errors and request lines of every service', async () => {
    const { app, lines } = appWithLog('debug');
    app.get('/th/auth/reset-password/:code', async (request) => {
      request.log.info({ mail: { to: 'noy@example.test', text: 'Code 042917', file: 'f.json' } }, 'mail');
      request.log.info({ email: 'noy@example.test', user: { note: 'Coffee with Somchai' } }, 'details');
      request.log.error({ err: new Error('could not mail noy@example.test') }, 'failed');
      return 'ok';
    });
    await app.inject({
      url: '/th/auth/reset-password/oob-Secret-123?oobCode=oob-Secret-123',
      headers: { authorization: 'Bearer eyJhbGciOi.secret.token' },
    });
    await app.close();
    const text = JSON.stringify(lines);
    for (const secret of ['noy@', '042917', 'Somchai', 'oob-Secret-123', 'eyJhbGciOi'])
      expect(text).not.toContain(secret);
    expect(text).toContain('f.json');
    expect(
      lines.some((line) => (line.req as { url?: string } | undefined)?.url === '/th/auth/reset-password/[token]?…'),
    ).toBe(true);
  });
});
