import { Worker } from 'node:worker_threads';
import { fromWireError, type AppendOutcome, type AppendRequest, type SqliteEventWriter } from './sqlite-writer.js';
import type { WriterAsk, WriterData, WriterReply, WriterRequest } from './sqlite-writer-worker.js';

/** Where the appends are written: on this thread, or in a writer thread. */
export interface EventWriter {
  /** Rejects (and writes nothing) when the batch's transaction fails. */
  append(batch: readonly AppendRequest[]): Promise<readonly AppendOutcome[]>;
  deleteStream(streamId: string): Promise<void>;
  scrubDeleted(): Promise<void>;
  close(): Promise<void>;
}

/** The writer on this thread; its connection also serves the reads. */
export function inlineWriter(writer: SqliteEventWriter): EventWriter {
  return {
    append: async (batch) => writer.append(batch),
    deleteStream: async (streamId) => writer.deleteStream(streamId),
    scrubDeleted: async () => writer.scrubDeleted(),
    // The store closes the shared connection itself.
    close: async () => undefined,
  };
}

/**
 * The writer in a thread of its own: the fsync of each commit waits there, and the thread
 * answering requests goes on meanwhile. Starts once the thread has opened the file.
 */
export async function threadWriter(path: string, checkpoints: 'auto' | 'elsewhere'): Promise<EventWriter> {
  // From source (tests), the thread still runs the compiled module: threads cannot load TypeScript.
  const compiled = import.meta.url.endsWith('.ts')
    ? '../../dist/event-store/sqlite-writer-worker.js'
    : './sqlite-writer-worker.js';
  const worker = new Worker(new URL(compiled, import.meta.url), {
    workerData: { path, checkpoints } satisfies WriterData,
    // The compiled module imports compiled packages too, whatever conditions this process runs with.
    execArgv: [],
  });
  const pending = new Map<number, { resolve(reply: WriterReply): void; reject(error: Error): void }>();
  let failure: Error | null = null;
  let nextId = 1;
  const ready = new Promise<WriterReply>((resolve, reject) => pending.set(0, { resolve, reject }));
  worker.on('message', (reply: WriterReply) => {
    pending.get(reply.id)?.resolve(reply);
    pending.delete(reply.id);
  });
  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the event writer thread stopped (exit code ${code})`)));
  const opened = await ready;
  if (!opened.ok) {
    await worker.terminate();
    throw fromWireError(opened.error);
  }
  const ask = async (request: WriterAsk): Promise<WriterReply & { ok: true }> => {
    if (failure !== null) throw failure;
    const id = nextId++;
    const reply = await new Promise<WriterReply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies WriterRequest);
    });
    if (!reply.ok) throw fromWireError(reply.error);
    return reply;
  };
  return {
    append: async (batch) => (await ask({ kind: 'append', batch })).outcomes ?? [],
    deleteStream: async (streamId) => {
      await ask({ kind: 'delete', streamId });
    },
    scrubDeleted: async () => {
      await ask({ kind: 'scrub' });
    },
    close: async () => {
      if (failure === null) await ask({ kind: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
