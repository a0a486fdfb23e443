import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMailer, readOutbox } from './outbox.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('outbox mailer', () => {
  it('writes each message as <ISO time>-<uuid>.json and to the log, read back oldest first', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'plenty-outbox-')), 'outbox');
    dirs.push(dir);
    const logged: object[] = [];
    let clock = Date.parse('2026-11-23T10:00:00.000Z');
    const mailer = outboxMailer({ dir, log: { info: (details) => logged.push(details) }, now: () => new Date(clock) });
    await mailer.send({ to: 'noy@example.test', subject: 'First', text: 'Code 123456', html: '<p>Code 123456</p>' });
    clock += 1000;
    await mailer.send({ to: 'noy@example.test', subject: 'Second', text: 'Code 654321' });

    const names = await readdir(dir);
    expect(names).toHaveLength(2);
    expect(names.every((name) => /^2026-11-23T10:00:0[01]\.000Z-[0-9a-f-]{36}\.json$/.test(name))).toBe(true);
    expect(await readOutbox(dir)).toEqual([
      {
        to: 'noy@example.test',
        subject: 'First',
        text: 'Code 123456',
        html: '<p>Code 123456</p>',
        sentAt: '2026-11-23T10:00:00.000Z',
      },
      { to: 'noy@example.test', subject: 'Second', text: 'Code 654321', sentAt: '2026-11-23T10:00:01.000Z' },
    ]);
    expect(JSON.stringify(logged)).toContain('Code 654321');
  });

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(join(tmpdir(), 'plenty-no-such-outbox'))).toEqual([]);
  });
});
