import { Worker } from 'node:worker_threads';
import type { CheckpointData, CheckpointReport } from './sqlite-checkpoint-worker.js';

/** A thread that checkpoints the event log (`startCheckpointThread`). */
export interface CheckpointThread {
  /** Checkpoints done so far (tests wait for one). */
  readonly checkpoints: number;
  /** Whether a checkpoint is running in the thread now (as far as its last message says). */
  readonly checkpointing: boolean;
  /** Why the thread ended without being asked to, or null while it runs (or once stopped). */
  readonly lost: string | null;
  /**
   * Stops the thread: asks it to stop (it finishes a checkpoint in progress first) and waits
   * for it to end by itself, ending it outright after `stopTimeoutMs`. Never rejects.
   */
  stop(): Promise<void>;
}

export interface CheckpointThreadOptions {
  readonly intervalMs?: number;
  /** A checkpoint that failed (the thread carries on). */
  readonly onError?: (error: Error) => void;
  /** Called once when the thread ends without being asked to (an uncaught error, an exit). */
  readonly onLost?: (reason: string) => void;
  /** How long a stop waits for the thread to end by itself; 10 s unless told. */
  readonly stopTimeoutMs?: number;
  /** How long the start waits for the thread to open the file; 30 s unless told. */
  readonly openTimeoutMs?: number;
  /** The thread's module (tests start one that fails); the compiled checkpoint worker unless told. */
  readonly module?: URL;
}

const isReport = (message: unknown): message is CheckpointReport =>
  typeof message === 'object' && message !== null && typeof (message as { kind?: unknown }).kind === 'string';

/**
 * Checkpoints the event log of `path` every `intervalMs` from a thread of its own, with its own
 * connection: a checkpoint writes the log's pages into the database file and fsyncs it (tens of
 * milliseconds, more when the disk is busy), which then holds up neither the writer's commits
 * nor the projector's batches. Starts once the thread has opened the file. A thread that ends
 * on its own (a crash, an exit) is noticed through its 'error' and 'exit' events and told once
 * through `onLost`; every wait on it is bounded, so neither the start nor a stop can hang.
 */
export async function startCheckpointThread(
  path: string,
  options: CheckpointThreadOptions = {},
): Promise<CheckpointThread> {
  // From source (tests), the thread still runs the compiled module: threads cannot load TypeScript.
  const compiled = import.meta.url.endsWith('.ts')
    ? '../../dist/event-store/sqlite-checkpoint-worker.js'
    : './sqlite-checkpoint-worker.js';
  const worker = new Worker(options.module ?? new URL(compiled, import.meta.url), {
    workerData: { path, intervalMs: options.intervalMs ?? 1000 } satisfies CheckpointData,
    // The compiled module imports compiled packages too, whatever conditions this process runs with.
    execArgv: [],
  });
  let checkpoints = 0;
  let checkpointing = false;
  let opened = false;
  let stopping = false;
  let lost: string | null = null;
  let lastError: string | null = null;
  let settleStart: ((error: Error | null) => void) | null = null;
  let exitedWith: number | null = null;
  const exited = new Promise<void>((done) =>
    worker.once('exit', (code) => {
      exitedWith = code;
      done();
    }),
  );

  const loseThread = (reason: string) => {
    if (stopping || lost !== null) return;
    lost = reason;
    options.onLost?.(reason);
  };

  worker.on('message', (message: unknown) => {
    if (!isReport(message)) return;
    if (message.kind === 'opened') {
      opened = true;
      settleStart?.(null);
    } else if (message.kind === 'checkpointing') checkpointing = true;
    else if (message.kind === 'checkpointed') {
      checkpointing = false;
      checkpoints += 1;
    } else if (message.kind === 'failed') {
      checkpointing = false;
      lastError = message.message;
      const error = new Error(`checkpointing the event log failed: ${message.message}`);
      if (opened) options.onError?.(error);
      else settleStart?.(error);
    }
  });
  // Listened to for the thread's whole life: an 'error' nobody listens to would end the process.
  worker.on('error', (error) => {
    lastError = error.message;
    if (!opened)
      settleStart?.(new Error(`the checkpoint thread failed before it opened the event log: ${error.message}`));
    else loseThread(`it failed: ${error.message}`);
  });
  worker.on('messageerror', (error) => loseThread(`a message from it could not be read: ${error.message}`));
  void exited.then(() => {
    checkpointing = false;
    if (!opened) {
      settleStart?.(
        new Error(
          `the checkpoint thread stopped before it opened the event log${lastError === null ? '' : `: ${lastError}`}`,
        ),
      );
    } else if (lost === null) {
      loseThread(lastError === null ? `it exited with code ${exitedWith}` : `it failed: ${lastError}`);
    }
  });

  const openTimeoutMs = options.openTimeoutMs ?? 30_000;
  const startError = await new Promise<Error | null>((resolve) => {
    const timer = setTimeout(
      () => resolve(new Error(`the checkpoint thread did not open the event log within ${openTimeoutMs} ms`)),
      openTimeoutMs,
    );
    settleStart = (error) => {
      clearTimeout(timer);
      settleStart = null;
      resolve(error);
    };
  });
  if (startError !== null) {
    stopping = true;
    await worker.terminate().catch(() => undefined);
    throw startError;
  }

  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  let stopped: Promise<void> | null = null;
  return {
    get checkpoints() {
      return checkpoints;
    },
    get checkpointing() {
      return checkpointing;
    },
    get lost() {
      return lost;
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (exitedWith !== null) return;
        worker.postMessage('stop');
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), stopTimeoutMs)));
        // It ends by itself once stopped (its exit code 0), after a checkpoint in progress.
        const ended = await Promise.race([exited.then(() => 'ended' as const), late]);
        clearTimeout(timer);
        if (ended === 'late') await worker.terminate().catch(() => undefined);
      })();
      return stopped;
    },
  };
}
