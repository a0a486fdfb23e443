import { createHash } from 'node:crypto';
import { RECEIPT_MAX_BYTES } from '@plenty/contracts/backup';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inspectBackup } from './backup-file';
import { problemOf, streamedZip, testManifest } from './backup-testing';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/*
 * A backup file shaped to hurt the browser that opens it: a receipt larger than a receipt may be
 * (its upload would fail halfway through the restore), and a ZIP bomb (a small file whose
 * events.jsonl inflates to hundreds of megabytes). Each is refused while it is inspected, before
 * the restore starts and before everything is inflated.
 */

const EVENT = JSON.stringify({
  id: '00000000-0000-4000-8000-000000000001',
  streamId: 'transaction-00000000-0000-4000-8000-000000001001',
  type: 'TransactionAdded',
  data: { note: 'กาแฟ' },
  occurredAt: '2026-03-01T08:00:00.000Z',
  schemaVersion: 1,
});

describe('inspectBackup and files shaped to hurt', () => {
  it('refuses a receipt larger than a receipt may be uploaded, though the manifest lists it with its hash', async () => {
    const big = new Uint8Array(RECEIPT_MAX_BYTES + 1).fill(0x41);
    big.set([0x25, 0x50, 0x44, 0x46]);
    const receipt = { ref: 'r1', path: 'receipts/r1.pdf', sha256: sha256(big), contentType: 'application/pdf' };
    const file = await streamedZip({
      'manifest.json': strToU8(JSON.stringify(testManifest({ receipts: [{ ...receipt, bytes: big.length }] }))),
      'events.jsonl': strToU8(`${EVENT}\n`),
      'receipts/r1.pdf': big,
    });
    expect(await problemOf(inspectBackup(file))).toBe('backup_invalid');
  });

  it('refuses a ZIP bomb: a small file whose events.jsonl inflates to 64 MB of blank lines', async () => {
    const newlines = new Uint8Array(1024 * 1024).fill(0x0a);
    const file = await streamedZip({
      'manifest.json': strToU8(JSON.stringify(testManifest())),
      'events.jsonl': function* () {
        yield strToU8(`${EVENT}\n`);
        for (let mb = 0; mb < 64; mb += 1) yield newlines;
      },
    });
    expect(file.size).toBeLessThan(1024 * 1024);
    expect(await problemOf(inspectBackup(file))).toBe('backup_invalid');
  }, 120_000);
});
