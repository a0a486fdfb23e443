import type { BackupManifest } from '@plenty/contracts/backup';
import { Zip, ZipDeflate } from 'fflate';
import { BackupFileError } from './backup-file';

/*
 * What the tests of reading a backup build their files from (tests only): a manifest, a ZIP
 * written as a stream as the server writes it, and the problem a read was refused with.
 */

export const TEST_BACKUP_ID = '0b8f3f3e-5a43-4c1e-9d59-3f7f1f0a2b11';

/** The manifest of a backup of one event and no receipts, changed by `overrides`. */
export function testManifest(overrides: Partial<BackupManifest> = {}): BackupManifest {
  return {
    format: 'plenty-backup',
    version: 1,
    backupId: TEST_BACKUP_ID,
    createdAt: '2026-11-20T10:00:00.000Z',
    sourceUserId: 'user-a',
    locale: 'th',
    eventCount: 1,
    streamCount: 1,
    receipts: [],
    files: { events: 'events.jsonl', transactions: 'transactions.csv', history: 'history.csv' },
    ...overrides,
  };
}

/**
 * A ZIP written as a stream (sizes in data descriptors after each entry), as the server writes
 * one. An entry is its bytes, or chunks made one at a time, so a huge entry never sits in memory.
 */
export function streamedZip(entries: Record<string, Uint8Array | (() => Iterable<Uint8Array>)>): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      parts.push(chunk);
      if (final) resolve(new Blob(parts as Uint8Array<ArrayBuffer>[]));
    });
    for (const [name, bytes] of Object.entries(entries)) {
      const entry = new ZipDeflate(name, { level: 9 });
      zip.add(entry);
      for (const chunk of typeof bytes === 'function' ? bytes() : [bytes]) entry.push(chunk);
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  });
}

/** The problem code a read of a backup was refused with, or `none` when it was not. */
export async function problemOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (caught) {
    if (caught instanceof BackupFileError) return caught.problem;
    throw caught;
  }
  return 'none';
}
