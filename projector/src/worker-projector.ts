import { Worker } from 'node:worker_threads';
import type { EventStore, Position } from '@plenty/platform/event-store/port';
import type { ProjectionProgress } from '@plenty/platform/projection-progress';
import { PositionWatch } from './position-watch.js';
import { logQuarantine } from './quarantine-log.js';
import type { ProjectionStatus, ProjectorLogger } from './runtime-api.js';
import { fromWorkerSchema, type FromMain } from './worker-messages.js';

export interface WorkerProjector extends ProjectionProgress {
  isHealthy(): boolean;
  /** Per projection, as the worker last reported it (at most half a second old). */
  status(): readonly ProjectionStatus[];
  /** Users quarantined in at least one projection, as the worker last reported it. */
  quarantinedUsers(): number;
  readonly lastError: Error | null;
  stop(): Promise<void>;
}

/** How long a stop waits for the worker to finish its batch and close its files before ending it. */
const STOP_GRACE_MS = 10_000;

export interface WorkerProjectorOptions {
  /** The main thread's event store: its appends wake the worker. */
  readonly eventStore: EventStore;
  readonly eventsPath: string;
  readonly readPath: string;
  readonly keysPath: string;
  readonly masterKey: Buffer;
  readonly batchSize?: number;
  readonly onError?: (error: Error) => void;
  /** Where the worker's reports of quarantined users are logged. */
  readonly logger?: ProjectorLogger;
}

/** Node's arguments without the `source` export condition (`--conditions source`, `-C=source`). */
export function withoutSourceCondition(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if ((arg === '--conditions' || arg === '-C') && args[i + 1] === 'source') i += 1;
    else if (arg !== '--conditions=source' && arg !== '-C=source') kept.push(arg);
  }
  return kept;
}

/**
 * Runs the projector in a worker thread of the same process: projections use the second
 * core, and a long batch never stalls the commands and queries on the main thread. It
 * reads the event store's file through its own connection (WAL lets readers run beside
 * the writer) and reports each position it reaches.
 */
export function startWorkerProjector(options: WorkerProjectorOptions): Promise<WorkerProjector> {
  const watch = new PositionWatch();
  // From source (tests), the worker still runs the compiled module: threads cannot load TypeScript.
  const fromSource = import.meta.url.endsWith('.ts');
  const compiled = fromSource ? '../dist/worker.js' : './worker.js';
  const worker = new Worker(new URL(compiled, import.meta.url), {
    // ...and resolves the packages it imports to their compiled code too.
    ...(fromSource ? { execArgv: withoutSourceCondition(process.execArgv) } : {}),
    workerData: {
      eventsPath: options.eventsPath,
      readPath: options.readPath,
      keysPath: options.keysPath,
      masterKey: new Uint8Array(options.masterKey),
      batchSize: options.batchSize ?? 200,
    },
  });
  const send = (message: FromMain) => worker.postMessage(message);
  let lastError: Error | null = null;
  let status: readonly ProjectionStatus[] = [];
  let quarantinedUsers = 0;
  let stopped: (() => void) | null = null;
  const fail = (error: Error) => {
    lastError = error;
    options.onError?.(error);
  };

  // Subscribed at once: wake-ups sent before the worker listens wait in its queue.
  const unsubscribe = options.eventStore.onAppended(() => send({ type: 'appended' }));
  return new Promise((resolve, reject) => {
    const projector: WorkerProjector = {
      get lastError() {
        return lastError;
      },
      isHealthy: () => lastError === null,
      status: () => status,
      quarantinedUsers: () => quarantinedUsers,
      current: async () => watch.position,
      waitFor: (target: Position, timeoutMs: number) => watch.waitFor(target, timeoutMs),
      stop: () =>
        new Promise<void>((done) => {
          unsubscribe();
          stopped = done;
          send({ type: 'stop' });
          // A worker that has not finished its batch in time is ended as a crash would end it:
          // its open transaction is rolled back, and the events are applied again at the next start.
          setTimeout(done, STOP_GRACE_MS).unref();
        }).then(() => worker.terminate().then(() => undefined)),
    };
    worker.on('message', (raw: unknown) => {
      const message = fromWorkerSchema.parse(raw);
      switch (message.type) {
        case 'ready':
          watch.advance(message.position);
          resolve(projector);
          return;
        case 'advanced':
          watch.advance(message.position);
          return;
        case 'status':
          status = message.projections;
          quarantinedUsers = message.quarantinedUsers;
          return;
        case 'failed':
          fail(new Error(message.message));
          return;
        case 'quarantined':
          for (const notice of message.notices) logQuarantine(options.logger, notice);
          return;
        case 'stopped':
          stopped?.();
          return;
      }
    });
    worker.once('error', (error) => {
      unsubscribe();
      fail(error);
      reject(error);
      stopped?.();
    });
    worker.once('exit', () => stopped?.());
  });
}
