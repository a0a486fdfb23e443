import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from './runtime.js';
import { fromMainSchema, type FromWorker } from './worker-messages.js';

const options = z
  .object({
    eventsPath: z.string(),
    readPath: z.string(),
    keysPath: z.string(),
    masterKey: z.instanceof(Uint8Array),
    batchSize: z.number().int().positive(),
  })
  .parse(workerData);
const port = parentPort;
if (port === null) throw new Error('the projector worker must run in a worker thread');
const post = (message: FromWorker) => port.postMessage(message);

const keyStore = await openSqliteKeyStore({ path: options.keysPath, masterKey: Buffer.from(options.masterKey) });
const store = await openSqliteEventStore({ path: options.eventsPath });
// This thread is the read models' one writer (the server holds their lock): it keeps the
// documents it reads and writes across batches. PLENTY_PROJECTOR_CACHE=off, for measuring without.
const readStore = await openSqliteReadStore({
  path: options.readPath,
  documentCache: process.env['PLENTY_PROJECTOR_CACHE'] !== 'off',
});

// Appends happen in the main thread; it tells this thread, which reads them from the file.
const appendListeners = new Set<() => void>();
const tailedStore: EventStore = {
  appendToStream: (...args) => store.appendToStream(...args),
  readStream: (...args) => store.readStream(...args),
  readAll: (...args) => store.readAll(...args),
  headPosition: () => store.headPosition(),
  deleteStream: (streamId) => store.deleteStream(streamId),
  streamIdsOfUser: (userId) => store.streamIdsOfUser(userId),
  readUserEvents: (userId, options) => store.readUserEvents(userId, options),
  countEvents: (range) => store.countEvents(range),
  close: () => store.close(),
  onAppended(listener) {
    appendListeners.add(listener);
    return () => appendListeners.delete(listener);
  },
};

const projector = createProjector({
  eventStore: tailedStore,
  readStore,
  codec: new EventCodec(keyStore),
  projections: allProjections,
  batchSize: options.batchSize,
  // Behind (an import of thousands of rows), batches of 2,000: 50,000 imported rows replayed in
  // 33.6 s of CPU instead of 38.0 s with batches of 500 (tests/bench/import-projector.ts).
  catchUpBatchSize: Math.max(options.batchSize, 2000),
  onAdvance: (position) => post({ type: 'advanced', position }),
  // Logged by the main thread; they are no failure of this one.
  onQuarantine: (notices) =>
    post({
      type: 'quarantined',
      notices: notices.map((n) => ({
        userId: n.userId,
        event: { id: n.event.id, type: n.event.type, position: n.event.position },
        failed: n.failed,
        projections: [...n.projections],
        reason: n.reason,
      })),
    }),
  logger: {
    info: () => undefined,
    error: (obj, msg) =>
      post({ type: 'failed', message: `${msg ?? 'projector failed'}: ${String((obj as { err?: unknown }).err)}` }),
  },
});

port.on('message', (raw: unknown) => {
  const message = fromMainSchema.parse(raw);
  if (message.type === 'appended') {
    for (const listener of appendListeners) listener();
    return;
  }
  clearInterval(statusTimer);
  void projector
    .stop()
    .then(() => Promise.all([readStore.close(), store.close(), keyStore.close()]))
    .finally(() => post({ type: 'stopped' }));
});

// Where each projection stands (current, or rebuilding with its progress), sent when it changes.
let lastStatus = '';
const sendStatus = () => {
  const projections = projector.status();
  const quarantinedUsers = projector.quarantinedUsers();
  const text = JSON.stringify([projections, quarantinedUsers]);
  if (text === lastStatus) return;
  lastStatus = text;
  post({ type: 'status', projections: projections.map((p) => ({ ...p, views: [...p.views] })), quarantinedUsers });
};
const statusTimer = setInterval(sendStatus, 500);
statusTimer.unref();

await projector.start();
sendStatus();
post({ type: 'ready', position: await projector.current() });
