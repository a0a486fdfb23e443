import type { FastifyPluginAsync } from 'fastify';
import {
  RESTORE_EVENTS_PATH,
  restoreEventsAnswerSchema,
  restoreEventsRequestSchema,
  restoredId,
  restoreStreamId,
  type RestoreEventsAnswer,
  type RestoreEventsRequest,
} from '@plenty/contracts/backup';
import { streamIds } from '@plenty/contracts/events/envelope';
import type { ErasedUsers } from '@plenty/platform/auth/erased-users';
import { refuseErasedUsers } from '@plenty/platform/auth/erased-users';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { InvalidBlobReferenceError, type BlobStore } from '@plenty/platform/blob-store/port';
import { EventSchemaError, type EventCodec } from '@plenty/platform/crypto/event-codec';
import {
  comparePositions,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type Position,
} from '@plenty/platform/event-store/port';
import { currentUser, requireAuth } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import { perUserPerMinute } from '@plenty/platform/http/rate-limit';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import { commandsInFlightOf } from '../account/commands-in-flight.js';
import { InvalidBackupEventError, restoreEvent, type RestoreMappingContext } from './restore-mapping.js';

/**
 * Room for a full request: 1,000 events whose notes are 1,000 characters each (up to 6 bytes
 * a character once escaped in JSON), their other fields, and the receipts' old → new references.
 */
export const RESTORE_BODY_LIMIT = 16 * 1024 * 1024;

/** An append that finds its stream changed meanwhile is read and tried again this many times. */
const ATTEMPTS = 4;

export interface RestoreEventsOptions {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly verifier: TokenVerifier;
  /** The command API's record of erased users: a restore is one of the user's commands in flight. */
  readonly erasedUsers: ErasedUsers;
  /** Where receipts were uploaded again; null: none can be restored (the field is dropped). */
  readonly blobs: BlobStore | null;
  /** Requests per user and minute (per instance); 0 turns the limit off. Default 600, as commands. */
  readonly requestsPerMinutePerUser?: number;
}

/** Consecutive events of one stream: appended together. */
interface StreamRun {
  readonly streamId: string;
  readonly events: NewEvent[];
}

const invalid = (index: number) =>
  new HttpError(422, 'backup_invalid', `Event ${String(index)} of the request is not a valid backup event.`, {
    [`events.${String(index)}`]: 'backup_invalid',
  });

/** The receipts of the map this user uploaded (a reference they did not upload is left out). */
async function uploadedReceipts(
  blobs: BlobStore | null,
  userId: string,
  request: RestoreEventsRequest,
): Promise<ReadonlyMap<string, string>> {
  const uploaded = new Map<string, string>();
  if (blobs === null) return uploaded;
  const named = new Set<string>();
  for (const event of request.events) {
    const data = event.data;
    const changes = data.changes;
    for (const value of [
      data.receipt,
      typeof changes === 'object' && changes !== null ? (changes as { receipt?: unknown }).receipt : undefined,
    ])
      if (typeof value === 'string') named.add(value);
  }
  for (const old of named) {
    const now = request.receipts[old];
    if (now === undefined) continue;
    try {
      if ((await blobs.get(userId, now)) !== null) uploaded.set(old, now);
    } catch (error) {
      if (!(error instanceof InvalidBlobReferenceError)) throw error;
    }
  }
  return uploaded;
}

/** Which events of a run are new to a stream as stored: neither there already nor a second opening of a transaction. */
function freshEvents(run: StreamRun, stored: readonly NewEvent[]): NewEvent[] {
  const ids = new Set(stored.map((event) => event.id));
  // A derived transaction stream may have been opened meanwhile (the poster posted the
  // occurrence): it keeps its first TransactionAdded and takes the later edits.
  const opened = stored.some((event) => event.type === 'TransactionAdded');
  return run.events.filter((event) => !ids.has(event.id) && !(opened && event.type === 'TransactionAdded'));
}

/**
 * Appends one run: first as a new stream, without reading; when the stream exists, it is read
 * once and only the events it lacks are appended after its last. Answers how many were appended.
 */
async function appendRun(
  eventStore: EventStore,
  userId: string,
  run: StreamRun,
  headBefore: Position,
): Promise<number> {
  try {
    const result = await eventStore.appendToStream(run.streamId, run.events, 'no_stream');
    // The store answers a retry of an append it holds with the original result: one from before
    // this request appended nothing now.
    return comparePositions(result.position, headBefore) > 0 ? run.events.length : 0;
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  for (let attempt = 1; ; attempt += 1) {
    const stored = await eventStore.readStream(run.streamId);
    if (stored.some((event) => event.metadata.userId !== userId))
      throw new HttpError(409, 'conflict', 'The restore met a stream of another account.');
    const fresh = freshEvents(run, stored);
    if (fresh.length === 0) return 0;
    try {
      await eventStore.appendToStream(run.streamId, fresh, stored.at(-1)?.revision ?? 'no_stream');
      return fresh.length;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * `POST /api/restore/events` (RESTORE_EVENTS_PATH; register without a prefix): one part of a
 * restore the user started (backup.ts, "Restore"). Every event is checked and moved into the
 * user's account before anything is appended, so a refused request (422 `backup_invalid`, with
 * the event's index) appends nothing; then the events are appended in order, consecutive events
 * of one stream together, with ids derived from the backup's, so a request sent again appends
 * nothing twice.
 */
export const restoreEventsApi: FastifyPluginAsync<RestoreEventsOptions> = async (app, options) => {
  const { eventStore, codec, blobs } = options;
  const inFlight = commandsInFlightOf(options.erasedUsers);
  requireAuth(app, refuseErasedUsers(options.verifier, options.erasedUsers));
  const limit = await perUserPerMinute(app, 'restore-user', options.requestsPerMinutePerUser ?? 600);

  useZodRoutes(app).post(
    RESTORE_EVENTS_PATH,
    {
      bodyLimit: RESTORE_BODY_LIMIT,
      ...(limit === undefined ? {} : { preValidation: limit }),
      schema: {
        summary: 'Restore part of a backup into the account (a signed-in user with a verified email)',
        tags: ['restore'],
        security: [{ idToken: [] }],
        body: restoreEventsRequestSchema,
        response: { 200: restoreEventsAnswerSchema },
      },
    },
    async (request): Promise<RestoreEventsAnswer> => {
      const userId = currentUser(request).uid;
      const body = request.body;
      return inFlight.run(userId, async () => {
        const restoreStream = streamIds.restore(restoreStreamId(userId, body.backupId));
        const started = (await eventStore.readStream(restoreStream)).find(
          (event) => event.type === 'RestoreStarted' && event.metadata.userId === userId,
        );
        if (started === undefined) throw new HttpError(404, 'restore_not_started', 'Start the restore first.');
        const { sourceUserId } = (await codec.decode(started, { validate: false })).data as { sourceUserId: string };
        const context: RestoreMappingContext = {
          userId,
          sourceUserId,
          receipts: await uploadedReceipts(blobs, userId, body),
        };
        const correlationId = restoreStreamId(userId, body.backupId);

        // Check and encode every event first: a refused request appends nothing.
        const runs: StreamRun[] = [];
        for (const [index, event] of body.events.entries()) {
          let encoded: NewEvent;
          let streamId: string;
          try {
            const restored = restoreEvent(context, event);
            streamId = restored.streamId;
            encoded = await codec.encode({
              id: restored.id,
              type: restored.type,
              data: restored.data,
              metadata: {
                userId,
                commandId: restoredId(userId, `command:${event.id}`),
                correlationId,
                occurredAt: restored.occurredAt,
                schemaVersion: restored.schemaVersion,
              },
            });
          } catch (error) {
            if (error instanceof InvalidBackupEventError || error instanceof EventSchemaError) throw invalid(index);
            throw error;
          }
          const last = runs.at(-1);
          if (last?.streamId === streamId) last.events.push(encoded);
          else runs.push({ streamId, events: [encoded] });
        }

        const headBefore = await eventStore.headPosition();
        let appended = 0;
        for (const run of runs) appended += await appendRun(eventStore, userId, run, headBefore);
        return { appended, existing: body.events.length - appended };
      });
    },
  );
};
