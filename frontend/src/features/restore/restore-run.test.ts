import type { BackupEvent, BackupReceipt, RestoreEventsRequest } from '@plenty/contracts/backup';
import { describe, expect, it } from 'vitest';
import type { BackupSummary } from './backup-file';
import {
  RETRY_DELAYS_MS,
  isRetryable,
  newProgressRecord,
  runRestore,
  type BackupReader,
  type RestorePorts,
  type RestoreProgress,
  type RestoreTotals,
} from './restore-run';

const BACKUP_ID = '0b8f3f3e-5a43-4c1e-9d59-3f7f1f0a2b11';
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const receipts: BackupReceipt[] = ['r1', 'r2'].map((ref) => ({
  ref,
  path: `receipts/${ref}.png`,
  sha256: '0'.repeat(64),
  contentType: 'image/png',
  bytes: 3,
}));
const events: BackupEvent[] = Array.from({ length: 5 }, (_, n) => ({
  id: uuid(n + 1),
  streamId: `transaction-${uuid(100 + n)}`,
  type: 'TransactionAdded',
  data: {},
  occurredAt: '2026-03-01T08:00:00.000Z',
  schemaVersion: 1,
}));

const summary = {
  manifest: { backupId: BACKUP_ID, receipts },
  eventCount: events.length,
  transactionCount: events.length,
  receiptCount: receipts.length,
} as unknown as BackupSummary;

/** Reads the receipts above, then the events in batches of two. */
const reader: BackupReader = {
  async receipts(each) {
    for (const receipt of receipts) await each(receipt, new Uint8Array(3));
  },
  async events(send) {
    for (let at = 0; at < events.length; at += 2) await send(events.slice(at, at + 2), at);
  },
};

interface Server {
  ports: RestorePorts;
  requests: RestoreEventsRequest[];
  uploads: string[];
  finished: RestoreTotals[];
  waits: number[];
}

/** A server that stores event ids once and fails the requests `failures` names (by their order) with `status`. */
function server(failures: Record<number, number | 'network'> = {}): Server {
  const stored = new Set<string>();
  const requests: RestoreEventsRequest[] = [];
  const uploads: string[] = [];
  const finished: RestoreTotals[] = [];
  const waits: number[] = [];
  let calls = 0;
  return {
    requests,
    uploads,
    finished,
    waits,
    ports: {
      async uploadReceipt(receipt) {
        uploads.push(receipt.ref);
        return `new-${receipt.ref}`;
      },
      async sendEvents(request) {
        const failure = failures[calls];
        calls += 1;
        requests.push(request);
        if (failure !== undefined) throw { status: failure, code: 'internal' };
        let appended = 0;
        for (const event of request.events) if (!stored.has(event.id)) appended += 1;
        for (const event of request.events) stored.add(event.id);
        return { appended, existing: request.events.length - appended };
      },
      async finishRestore(totals) {
        finished.push(totals);
      },
      async wait(ms) {
        waits.push(ms);
      },
    },
  };
}

describe('runRestore', () => {
  it('uploads the receipts, sends the events in order with the new references, then finishes', async () => {
    const { ports, requests, uploads, finished } = server();
    const progress: RestoreProgress[] = [];
    const totals = await runRestore(summary, reader, ports, newProgressRecord(), (p) => progress.push(p));
    expect(uploads).toEqual(['r1', 'r2']);
    expect(requests.flatMap((r) => r.events.map((e) => e.id))).toEqual(events.map((e) => e.id));
    expect(requests[0]?.receipts).toEqual({ r1: 'new-r1', r2: 'new-r2' });
    expect(requests.every((r) => r.backupId === BACKUP_ID)).toBe(true);
    expect(totals).toEqual({ appended: 5, existing: 0 });
    expect(finished).toEqual([{ appended: 5, existing: 0 }]);
    expect(progress.at(-1)).toEqual({ phase: 'events', done: 5, total: 5 });
  });

  it('sends a request that failed on the way again, after a pause, and counts it once', async () => {
    const { ports, requests, waits } = server({ 1: 503, 2: 'network' });
    const totals = await runRestore(summary, reader, ports, newProgressRecord(), () => {});
    expect(waits).toEqual([RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1]]);
    expect(requests).toHaveLength(5);
    expect(totals).toEqual({ appended: 5, existing: 0 });
  });

  it('stops at a refusal without retrying it, and a second try sends only what is missing', async () => {
    const first = server({ 1: 422 });
    const record = newProgressRecord();
    await expect(runRestore(summary, reader, first.ports, record, () => {})).rejects.toMatchObject({ status: 422 });
    expect(first.requests).toHaveLength(2);
    expect(first.finished).toEqual([]);

    const again = server();
    const totals = await runRestore(summary, reader, again.ports, record, () => {});
    expect(again.uploads).toEqual([]);
    expect(again.requests.map((r) => r.events.length)).toEqual([2, 1]);
    expect(totals).toEqual({ appended: 5, existing: 0 });
  });

  it('gives up after the last retry', async () => {
    const { ports, waits } = server({ 0: 500, 1: 500, 2: 500, 3: 500, 4: 500 });
    await expect(runRestore(summary, reader, ports, newProgressRecord(), () => {})).rejects.toMatchObject({
      status: 500,
    });
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
  });

  it('restoring the same backup again adds nothing and says so', async () => {
    const { ports } = server();
    await runRestore(summary, reader, ports, newProgressRecord(), () => {});
    const totals = await runRestore(summary, reader, ports, newProgressRecord(), () => {});
    expect(totals).toEqual({ appended: 0, existing: 5 });
  });
});

describe('isRetryable', () => {
  it('retries the network, server errors and rate limits, never a refusal', () => {
    expect(isRetryable({ status: 'network' })).toBe(true);
    expect(isRetryable({ status: 502 })).toBe(true);
    expect(isRetryable({ status: 429 })).toBe(true);
    expect(isRetryable({ status: 422 })).toBe(false);
    expect(isRetryable({ status: 404 })).toBe(false);
  });
});
