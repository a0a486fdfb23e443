import { createHash } from 'node:crypto';
import { BACKUP_MAX_BYTES, type BackupEvent, type BackupManifest } from '@plenty/contracts/backup';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { inspectBackup, parseEventLine, parseManifest, readEventBatches, readReceipts } from './backup-file';
import { problemOf, streamedZip, TEST_BACKUP_ID, testManifest } from './backup-testing';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function event(n: number, type = 'TransactionAdded', stream = `transaction-${uuid(1000 + n)}`): BackupEvent {
  return {
    id: uuid(n),
    streamId: stream,
    type,
    data: { note: `กาแฟ ${n}` },
    occurredAt: '2026-03-01T08:00:00.000Z',
    schemaVersion: 1,
  };
}

const receiptBytes = strToU8('%PDF-1.4 a receipt');

function manifest(events: number, overrides: Partial<BackupManifest> = {}): BackupManifest {
  const receipt = { ref: 'r1', path: 'receipts/r1.pdf', sha256: sha256(receiptBytes), contentType: 'application/pdf' };
  return testManifest({
    eventCount: events,
    streamCount: events,
    receipts: [{ ...receipt, bytes: receiptBytes.length }],
    ...overrides,
  });
}

function backupZip(options: { events: BackupEvent[]; manifest?: unknown; lines?: string[]; receipt?: Uint8Array }) {
  const lines = options.lines ?? options.events.map((e) => JSON.stringify(e));
  return new Blob([
    zipSync({
      'manifest.json': strToU8(JSON.stringify(options.manifest ?? manifest(options.events.length))),
      'events.jsonl': strToU8(lines.join('\n') + '\n'),
      'transactions.csv': strToU8('date,amount\n'),
      'history.csv': strToU8('when,what\n'),
      'receipts/r1.pdf': options.receipt ?? receiptBytes,
    }) as Uint8Array<ArrayBuffer>,
  ]);
}

describe('inspectBackup', () => {
  it('says what a valid backup holds: events, receipts and the transactions left standing', async () => {
    const events = [event(1), event(2), event(3, 'TransactionDeleted', `transaction-${uuid(1002)}`)];
    const summary = await inspectBackup(backupZip({ events }));
    expect(summary).toMatchObject({ eventCount: 3, transactionCount: 1, receiptCount: 1 });
    expect(summary.manifest.backupId).toBe(TEST_BACKUP_ID);
  });

  it('reads a ZIP written as a stream, sizes after each entry', async () => {
    const events = [event(1), event(2)];
    const file = await streamedZip({
      'manifest.json': strToU8(JSON.stringify(manifest(2))),
      'events.jsonl': strToU8(events.map((e) => JSON.stringify(e)).join('\n')),
      'receipts/r1.pdf': receiptBytes,
    });
    expect((await inspectBackup(file)).eventCount).toBe(2);
  });

  it('refuses a newer version as unsupported, even when its events do not parse here', async () => {
    const file = backupZip({ events: [event(1)], manifest: { ...manifest(1), version: 2 }, lines: ['{"new":1}'] });
    expect(await problemOf(inspectBackup(file))).toBe('backup_version_unsupported');
  });

  it('refuses what is not a backup: another ZIP, a text file, a bad manifest', async () => {
    const otherZip = new Blob([zipSync({ 'a.txt': strToU8('hello') }) as Uint8Array<ArrayBuffer>]);
    expect(await problemOf(inspectBackup(otherZip))).toBe('backup_invalid');
    expect(await problemOf(inspectBackup(new Blob(['date,amount\n2026-01-01,5\n'])))).toBe('backup_invalid');
    const badManifest = backupZip({ events: [event(1)], manifest: { format: 'other', version: 1 } });
    expect(await problemOf(inspectBackup(badManifest))).toBe('backup_invalid');
  });

  it('refuses a bad line of events.jsonl and names it', async () => {
    const lines = [JSON.stringify(event(1)), '{not json', JSON.stringify(event(3))];
    const run = inspectBackup(backupZip({ events: [event(1), event(2), event(3)], lines }));
    await expect(run).rejects.toMatchObject({ problem: 'backup_invalid', line: 2 });
    const outside = { ...event(4), streamId: 'account-x' };
    const run2 = inspectBackup(backupZip({ events: [outside], lines: [JSON.stringify(outside)] }));
    await expect(run2).rejects.toMatchObject({ problem: 'backup_invalid', line: 1 });
  });

  it('refuses a file whose events are fewer than the manifest says (cut short)', async () => {
    const file = backupZip({ events: [event(1)], manifest: manifest(2) });
    expect(await problemOf(inspectBackup(file))).toBe('backup_invalid');
  });

  it('refuses a receipt that is missing or not the file the manifest hashed', async () => {
    const file = backupZip({ events: [event(1)], receipt: strToU8('%PDF-1.4 another') });
    expect(await problemOf(inspectBackup(file))).toBe('backup_invalid');
  });

  it('refuses a file over the size limit without reading it', async () => {
    const huge = { size: BACKUP_MAX_BYTES + 1, stream: () => expect.fail('read') } as unknown as Blob;
    expect(await problemOf(inspectBackup(huge))).toBe('backup_too_large');
  });
});

describe('a big file', () => {
  it('lets the page answer again and again while it is read, not only at the end', async () => {
    // Thirty thousand events compress to a few hundred kilobytes, which one read can give whole.
    const events = Array.from({ length: 30_000 }, (_, n) => event(n + 1));
    const file = backupZip({ events, manifest: manifest(events.length) });
    // The reader sees a clock that moves a twentieth of a millisecond each time it looks, so how
    // often it gives the page a turn depends on the work, not on how fast this machine is.
    let clock = 0;
    const spy = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 0.05));
    let turns = 0;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const turn = () => {
      turns += 1;
      waiting = setTimeout(turn, 0);
    };
    waiting = setTimeout(turn, 0);
    try {
      expect((await inspectBackup(file)).eventCount).toBe(events.length);
    } finally {
      clearTimeout(waiting);
      spy.mockRestore();
    }
    expect(turns).toBeGreaterThanOrEqual(20);
  }, 60_000);
});

describe('reading for the restore', () => {
  it('gives the events in order in batches of the size asked, each after the last was sent', async () => {
    const events = Array.from({ length: 25 }, (_, n) => event(n + 1));
    const batches: { ids: string[]; before: number }[] = [];
    let sending = false;
    await readEventBatches(
      backupZip({ events }),
      async (batch, before) => {
        expect(sending).toBe(false);
        sending = true;
        await new Promise((resume) => setTimeout(resume, 1));
        batches.push({ ids: batch.map((e) => e.id), before });
        sending = false;
      },
      10,
    );
    expect(batches.map((b) => [b.ids.length, b.before])).toEqual([
      [10, 0],
      [10, 10],
      [5, 20],
    ]);
    expect(batches.flatMap((b) => b.ids)).toEqual(events.map((e) => e.id));
  });

  it('gives each receipt the manifest lists with its bytes', async () => {
    const seen: { ref: string; bytes: number }[] = [];
    await readReceipts(backupZip({ events: [event(1)] }), manifest(1), async (receipt, bytes) => {
      seen.push({ ref: receipt.ref, bytes: bytes.length });
    });
    expect(seen).toEqual([{ ref: 'r1', bytes: receiptBytes.length }]);
  });
});

describe('parsing one part', () => {
  it('reads a Thai note as written and refuses an event of an unknown shape', () => {
    expect(parseEventLine(JSON.stringify(event(7)), 1).data).toEqual({ note: 'กาแฟ 7' });
    expect(() => parseEventLine(JSON.stringify({ ...event(7), extra: true }), 4)).toThrow(/line 4/);
  });

  it('tells a newer manifest from a broken one', () => {
    expect(() => parseManifest(JSON.stringify({ format: 'plenty-backup', version: 9 }))).toThrow(
      'backup_version_unsupported',
    );
    expect(() => parseManifest('{')).toThrow('backup_invalid');
    expect(parseManifest(JSON.stringify(manifest(0))).eventCount).toBe(0);
  });
});
