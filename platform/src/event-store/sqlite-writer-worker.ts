import { parentPort, workerData } from 'node:worker_threads';
import {
  SqliteEventWriter,
  toWireError,
  type AppendOutcome,
  type AppendRequest,
  type WireError,
} from './sqlite-writer.js';

/** What the event store's thread asks its writer thread. */
export type WriterAsk =
  | { readonly kind: 'append'; readonly batch: readonly AppendRequest[] }
  | { readonly kind: 'delete'; readonly streamId: string }
  | { readonly kind: 'scrub' }
  | { readonly kind: 'close' };

export type WriterRequest = WriterAsk & { readonly id: number };

/** The answer to a request: the outcomes of an append batch, or why the whole request failed. */
export type WriterReply =
  | { readonly id: number; readonly ok: true; readonly outcomes?: readonly AppendOutcome[] }
  | { readonly id: number; readonly ok: false; readonly error: WireError };

export interface WriterData {
  readonly path: string;
  readonly checkpoints: 'auto' | 'elsewhere';
}

const port = parentPort;
if (port !== null) {
  const { path, checkpoints } = workerData as WriterData;
  let writer: SqliteEventWriter;
  try {
    writer = new SqliteEventWriter(path, checkpoints);
    port.postMessage({ id: 0, ok: true } satisfies WriterReply);
  } catch (error) {
    port.postMessage({ id: 0, ok: false, error: toWireError(error) } satisfies WriterReply);
    port.close();
    throw error;
  }
  port.on('message', (request: WriterRequest) => {
    let reply: WriterReply;
    try {
      if (request.kind === 'append') reply = { id: request.id, ok: true, outcomes: writer.append(request.batch) };
      else if (request.kind === 'delete') {
        writer.deleteStream(request.streamId);
        reply = { id: request.id, ok: true };
      } else if (request.kind === 'scrub') {
        writer.scrubDeleted();
        reply = { id: request.id, ok: true };
      } else {
        writer.close();
        reply = { id: request.id, ok: true };
      }
    } catch (error) {
      reply = { id: request.id, ok: false, error: toWireError(error) };
    }
    port.postMessage(reply);
    if (request.kind === 'close') port.close();
  });
}
