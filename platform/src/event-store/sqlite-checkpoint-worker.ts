import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the checkpoint thread is started with. */
export interface CheckpointData {
  readonly path: string;
  readonly intervalMs: number;
}

/**
 * What it tells its starter: that it opened the file, that a checkpoint began and how long it
 * took, that one failed, that it stopped.
 */
export type CheckpointReport =
  | { readonly kind: 'opened' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'checkpointing' }
  | { readonly kind: 'checkpointed'; readonly ms: number }
  | { readonly kind: 'stopped' };

const port = parentPort;
if (port !== null) {
  const { path, intervalMs } = workerData as CheckpointData;
  const report = (message: CheckpointReport) => port.postMessage(message);
  let opened: Database.Database | null = null;
  try {
    opened = new Database(path);
    opened.pragma('busy_timeout = 5000');
    // This connection only checkpoints, on its own schedule.
    opened.pragma('wal_autocheckpoint = 0');
  } catch (error) {
    opened?.close();
    opened = null;
    // Told as a message (not thrown), so the starter always hears why, in its own words.
    report({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    port.close();
  }
  if (opened !== null) checkpointEvery(opened, intervalMs, port, report);
}

function checkpointEvery(
  db: Database.Database,
  intervalMs: number,
  port: NonNullable<typeof parentPort>,
  report: (message: CheckpointReport) => void,
): void {
  report({ kind: 'opened' });
  const timer = setInterval(() => {
    const started = performance.now();
    report({ kind: 'checkpointing' });
    try {
      // PASSIVE: copies what no reader still needs, never waits for the writer or the readers.
      db.pragma('wal_checkpoint(PASSIVE)');
      report({ kind: 'checkpointed', ms: performance.now() - started });
    } catch (error) {
      report({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, intervalMs);
  // A stop that arrives during a checkpoint is read once it ends (the checkpoint is one
  // synchronous call). The thread then ends by itself, with nothing left to run: exit code 0.
  port.once('message', () => {
    clearInterval(timer);
    try {
      db.close();
    } catch {
      // Closing only releases the connection; the log's pages are safe in the file either way.
    }
    report({ kind: 'stopped' });
    port.close();
  });
}
