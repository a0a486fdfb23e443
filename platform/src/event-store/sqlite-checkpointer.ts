import { Worker } from 'node:worker_threads';
import type { CheckpointData, CheckpointReport } from './sqlite-checkpoint-worker.js';

/** A thread that checkpoints the event log (`startCheckpointThread`). */
export interface CheckpointThread {
  /** Checkpoints done so far (tests wait for one). */
  readonly checkpoints: number;
  stop(): Promise<void>;
}

/**
 * Checkpoints the event log of `path` every `intervalMs` from a thread of its own, with its own
 * connection: a checkpoint writes the log's pages into the database file and fsyncs it (tens of
 * milliseconds, more when the disk is busy), which then holds up neither the writer's commits
 * nor the projector's batches. Starts once the thread has opened the file.
 */
export async function startCheckpointThread(
  path: string,
  options: { intervalMs?: number; onError?: (error: Error) => void } = {},
): Promise<CheckpointThread> {
  // From source (tests), the thread still runs the compiled module: threads cannot load TypeScript.
  const compiled = import.meta.url.endsWith('.ts')
    ? '../../dist/event-store/sqlite-checkpoint-worker.js'
    : './sqlite-checkpoint-worker.js';
  const worker = new Worker(new URL(compiled, import.meta.url), {
    workerData: { path, intervalMs: options.intervalMs ?? 1000 } satisfies CheckpointData,
    // The compiled module imports compiled packages too, whatever conditions this process runs with.
    execArgv: [],
  });
  let checkpoints = 0;
  let stopped: (() => void) | null = null;
  const exited = new Promise<void>((done) => worker.once('exit', () => done()));
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: CheckpointReport) => {
      if (message.kind === 'opened') resolve();
      else if (message.kind === 'checkpointed') checkpoints += 1;
      else if (message.kind === 'failed') {
        const error = new Error(`checkpointing the event log failed: ${message.message}`);
        reject(error);
        options.onError?.(error);
      } else stopped?.();
    });
    worker.once('error', (error) => {
      reject(error);
      options.onError?.(error);
    });
    worker.once('exit', () => reject(new Error('the checkpoint thread stopped before it opened the event log')));
  });
  return {
    get checkpoints() {
      return checkpoints;
    },
    async stop() {
      const done = new Promise<void>((resolve) => (stopped = resolve));
      worker.postMessage('stop');
      await Promise.race([done, exited]);
      await worker.terminate();
    },
  };
}
