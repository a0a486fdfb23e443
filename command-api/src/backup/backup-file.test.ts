import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupManifestSchema } from '@plenty/contracts/backup';
import { streamIds } from '@plenty/contracts/events/envelope';
import { appendUserEvent, openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { MemoryBlobStore } from '../testing/memory-blob-store.js';
import { prepareBackup } from './backup-file.js';

let stores: TestStores;
/** The backups' own temporary folder, so what they leave there is theirs alone. */
let tmpDir: string;
beforeEach(async () => {
  stores = await openTestStores('backup-file');
  tmpDir = mkdtempSync(join(tmpdir(), 'plenty-backup-test-'));
});
afterEach(async () => {
  rmSync(tmpDir, { recursive: true, force: true });
  await stores.close();
});

const append = (userId: string, streamId: string, type: string, data: Record<string, unknown>) =>
  appendUserEvent(stores, { userId, streamId, type, data });

const backupFolders = () => readdirSync(tmpDir);

describe('the backup ZIP', () => {
  it('holds the receipts still stored, each once, and leaves no temporary files behind', async () => {
    const uid = `u-${randomUUID()}`;
    const blobs = new MemoryBlobStore();
    const kept = randomUUID();
    const gone = randomUUID();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await blobs.put(uid, kept, png, 'image/png');
    const expense = (transactionId: string, receipt: string) => ({
      transactionId,
      type: 'expense',
      amount: { amount: 100, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-10-01',
      receipt,
    });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await append(uid, streamIds.transaction(a), 'TransactionAdded', expense(a, kept));
    await append(uid, streamIds.transaction(b), 'TransactionAdded', expense(b, kept));
    // Deleted since (a receipt no transaction holds any more), and free text from an older client.
    await append(uid, streamIds.transaction(c), 'TransactionAdded', expense(c, gone));
    await append(uid, streamIds.transaction(c), 'TransactionEdited', {
      transactionId: c,
      changes: { receipt: 'paper receipt in the drawer' },
    });

    const backup = await prepareBackup(
      { ...stores, blobs, tmpDir, now: () => new Date('2026-10-02T20:00:00Z') },
      uid,
      'en',
    );
    expect(backup.fileName).toBe('plenty-backup-2026-10-02.zip');
    const chunks: Uint8Array[] = [];
    for await (const chunk of backup.bytes()) chunks.push(chunk);
    expect(backupFolders()).toEqual([]);

    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const manifest = backupManifestSchema.parse(JSON.parse(strFromU8(files['manifest.json']!)));
    expect(manifest).toEqual(backup.manifest);
    expect(manifest.eventCount).toBe(4);
    expect(manifest.streamCount).toBe(3);
    expect(manifest.receipts).toEqual([
      {
        ref: kept,
        path: `receipts/${kept}.png`,
        sha256: createHash('sha256').update(png).digest('hex'),
        contentType: 'image/png',
        bytes: png.length,
      },
    ]);
    expect(Buffer.from(files[`receipts/${kept}.png`]!)).toEqual(png);
    expect(Object.keys(files)).toHaveLength(5);
  });

  it('is discarded without a trace when it is never streamed', async () => {
    const backup = await prepareBackup({ ...stores, blobs: null, tmpDir }, `u-${randomUUID()}`, 'lo');
    expect(backupFolders()).toHaveLength(1);
    backup.discard();
    expect(backupFolders()).toEqual([]);
    expect(backup.manifest.eventCount).toBe(0);
  });
});
