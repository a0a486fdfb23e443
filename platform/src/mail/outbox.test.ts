import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteOutboxMailTo, outboxMailer, readOutbox } from './outbox.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('outbox mailer', () => {
  it('writes each message as <ISO time>-<uuid>.json, read back oldest first, and logs only the file', async () => {
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
    expect(logged).toEqual(names.map((file) => ({ mail: { file } })));
    expect(JSON.stringify(logged)).not.toMatch(/noy@|Code|First|Second/);
  });

  it('deletes every message to an address, whatever its case, and leaves the others', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'plenty-outbox-')), 'outbox');
    dirs.push(dir);
    const mailer = outboxMailer({ dir, log: { info: () => undefined } });
    await mailer.send({ to: 'noy@example.test', subject: 'Code', text: 'Code 123456' });
    await mailer.send({ to: 'somchai@example.test', subject: 'Alert', text: 'Over budget' });
    await mailer.send({ to: 'Noy@Example.test ', subject: 'Reset', text: 'http://x/reset-password/abc' });
    await writeFile(join(dir, 'notes.txt'), 'not a message');
    expect(await mailer.deleteMailTo?.('NOY@example.test')).toBe(2);
    expect((await readOutbox(dir)).map((mail) => mail.to)).toEqual(['somchai@example.test']);
    expect((await readdir(dir)).sort()).toHaveLength(2);
    expect(await mailer.deleteMailTo?.('noy@example.test')).toBe(0);
    expect(await deleteOutboxMailTo(join(dir, 'missing'), 'noy@example.test')).toBe(0);
  });

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(join(tmpdir(), 'plenty-no-such-outbox'))).toEqual([]);
  });
});
