import Fastify, { type FastifyInstance } from 'fastify';
import { fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { installErrorHandling } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { allProjections } from '@plenty/projections/all';
import { historyWriter, type HistoryWriter } from '@plenty/projections/testing/history';
import { createProjector } from '@plenty/projector/runtime';
import type { Projector } from '@plenty/projector/runtime-api';
import { queryApi } from '@plenty/query-api/app';
import { join } from 'node:path';

/** The query API as the standalone server mounts it, over a running projector and temporary stores. */
export interface QueryServer {
  readonly stores: TestStores;
  readonly readStore: ReadStore;
  readonly projector: Projector;
  readonly writer: HistoryWriter;
  readonly app: FastifyInstance;
  /** Stops the app and the projector, closes the stores and removes their folder. */
  close(): Promise<void>;
}

/** Opens a query server; `onWait` is called whenever a request starts waiting for a position. */
export async function openQueryServer(name: string, onWait?: () => void): Promise<QueryServer> {
  const stores = await openTestStores(name);
  const readStore = await openSqliteReadStore({ path: join(stores.dir, 'read.db') });
  const projector = createProjector({
    eventStore: stores.eventStore,
    readStore,
    codec: stores.codec,
    projections: allProjections,
  });
  await projector.start();
  const app = Fastify();
  installErrorHandling(app);
  const progress = {
    current: () => projector.current(),
    waitFor: (position: string, timeoutMs: number) => {
      onWait?.();
      return projector.waitFor(position, timeoutMs);
    },
  };
  await app.register(queryApi, { prefix: '/api/queries', readStore, verifier: fakeVerifier, progress });
  return {
    stores,
    readStore,
    projector,
    writer: historyWriter(stores.eventStore, stores.codec),
    app,
    async close() {
      await app.close();
      await projector.stop();
      await readStore.close();
      await stores.close();
    },
  };
}
