import { createHash } from 'node:crypto';
import { RECEIPT_MAX_BYTES, type BackupManifest } from '@plenty/contracts/backup';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BackupFileError, inspectBackup } from './backup-file';

/*
 * A backup file shaped to hurt the browser that opens it: a receipt larger than a receipt may be
 * (its upload would fail halfway through the restore), and a ZIP bomb (a small file whose
 * events.jsonl inflates to hundreds of megabytes). Each is refused while it is inspected, before
 * the restore starts and before everything is inflated.
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const EVENT = JSON.stringify({
  id: '00000000-0000-4000-8000-000000000001',
  streamId: 'transaction-00000000-0000-4000-8000-000000001001',
  type: 'TransactionAdded',
  data: { note: 'กาแฟ' },
  occurredAt: '2026-03-01T08:00:00.000Z',
  schemaVersion: 1,
});

function manifest(receipts: BackupManifest['receipts']): BackupManifest {
  return {
    format: 'plenty-backup',
    version: 1,
    backupId: '0b8f3f3e-5a43-4c1e-9d59-3f7f1f0a2b11',
    createdAt: '2026-11-20T10:00:00.000Z',
    sourceUserId: 'user-a',
    locale: 'th',
    eventCount: 1,
    streamCount: 1,
    receipts,
    files: { events: 'events.jsonl', transactions: 'transactions.csv', history: 'history.csv' },
  };
}

/** A ZIP written as a stream, each entry's bytes given as chunks (so a huge entry never sits in memory here). */
function zipOf(entries: Record<string, () => Iterable<Uint8Array>>): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      parts.push(chunk);
      if (final) resolve(new Blob(parts as Uint8Array<ArrayBuffer>[]));
    });
    for (const [name, chunks] of Object.entries(entries)) {
      const entry = new ZipDeflate(name, { level: 9 });
      zip.add(entry);
      for (const chunk of chunks()) entry.push(chunk);
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  });
}

async function problemOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (caught) {
    if (caught instanceof BackupFileError) return caught.problem;
    throw caught;
  }
  return 'none';
}

describe('inspectBackup and files shaped to hurt', () => {
  it('refuses a receipt larger than a receipt may be uploaded, though the manifest lists it with its hash', async () => {
    const big = new Uint8Array(RECEIPT_MAX_BYTES + 1).fill(0x41);
    big.set([0x25, 0x50, 0x44, 0x46]);
    const file = await zipOf({
      'manifest.json': () => [
        strToU8(
          JSON.stringify(
            manifest([
              {
                ref: 'r1',
                path: 'receipts/r1.pdf',
                sha256: sha256(big),
                contentType: 'application/pdf',
                bytes: big.length,
              },
            ]),
          ),
        ),
      ],
      'events.jsonl': () => [strToU8(`${EVENT}\n`)],
      'receipts/r1.pdf': () => [big],
    });
    expect(await problemOf(inspectBackup(file))).toBe('backup_invalid');
  });

  it('refuses a ZIP bomb: a small file whose events.jsonl inflates to 64 MB of blank lines', async () => {
    const newlines = new Uint8Array(1024 * 1024).fill(0x0a);
    const file = await zipOf({
      'manifest.json': () => [strToU8(JSON.stringify(manifest([])))],
      'events.jsonl': function* () {
        yield strToU8(`${EVENT}\n`);
        for (let mb = 0; mb < 64; mb += 1) yield newlines;
      },
    });
    expect(file.size).toBeLessThan(1024 * 1024);
    expect(await problemOf(inspectBackup(file))).toBe('backup_invalid');
  }, 120_000);
});
