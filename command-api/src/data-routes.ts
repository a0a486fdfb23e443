import type { FastifyInstance } from 'fastify';
import type { ErasedUsers } from '@plenty/platform/auth/erased-users';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import { backupApi } from './backup/backup.routes.js';
import { importRowsApi, type ImportRowsService } from './import/import-rows.routes.js';
import { receiptsApi } from './receipt/receipts.plugin.js';
import { restoreEventsApi } from './restore/restore-events.routes.js';

export interface DataRoutesOptions {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly verifier: TokenVerifier;
  readonly erasedUsers: ErasedUsers;
  readonly blobs: BlobStore;
  /** Signs the backup's 5-minute links. */
  readonly links: LinkSigner;
  /** What the command route handed over to add import rows (null: it never did, which is a bug). */
  readonly importRows: ImportRowsService | null;
  /** Batch requests (rows, restored events) a user may send per minute; each route's default when absent. */
  readonly requestsPerMinutePerUser?: number | undefined;
}

/**
 * The routes beside `/api/commands` that take or give a user's data in bulk, registered alike by
 * the command API's server and the embedded default: receipt uploads, import rows, restored
 * events and the backup file.
 */
export async function registerDataRoutes(app: FastifyInstance, options: DataRoutesOptions): Promise<void> {
  const { eventStore, codec, verifier, erasedUsers, blobs } = options;
  const perMinute =
    options.requestsPerMinutePerUser === undefined
      ? {}
      : { requestsPerMinutePerUser: options.requestsPerMinutePerUser };
  await app.register(receiptsApi, { prefix: '/api/receipts', verifier, blobs });
  if (options.importRows === null) throw new Error('the command API did not hand over its import of rows');
  await app.register(importRowsApi, { prefix: '/api/imports', verifier, rows: options.importRows, ...perMinute });
  await app.register(restoreEventsApi, { eventStore, codec, verifier, erasedUsers, blobs, ...perMinute });
  await app.register(backupApi, { eventStore, codec, verifier, erasedUsers, blobs, links: options.links });
}
