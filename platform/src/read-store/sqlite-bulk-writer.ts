import { Worker } from 'node:worker_threads';
import {
  BULK_WRITER,
  OP_MERGE,
  OP_PURGE,
  OP_RUN,
  OP_SEARCH,
  OP_SEARCH_ROW,
  type BulkParam,
  type BulkReply,
  type BulkRequest,
  type BulkWorkerData,
  type SearchSource,
} from './sqlite-bulk-protocol.js';
import type { SearchTables } from './sqlite-search.js';

/**
 * The writer thread's page cache, in KiB. A flush writes each view's rows in key order, new
 * transactions mostly at the end of their table, so a smaller cache costs little: see
 * PERFORMANCE.md "Rebuild: fourth pass" (64 MiB before).
 */
export const BULK_WRITER_CACHE_KIB = 16_384;

/** PLENTY_BULK_WRITER_CACHE_KIB, when set to a positive whole number: for measuring other sizes. */
export function bulkWriterCacheKiB(): number {
  const value = Number(process.env['PLENTY_BULK_WRITER_CACHE_KIB']);
  return Number.isInteger(value) && value > 0 ? value : BULK_WRITER_CACHE_KIB;
}

/**
 * The writer thread's young generation, in MiB (V8's default is several times larger). What the
 * thread allocates (each chunk's parameters as it receives them, the search values it derives)
 * dies with the statement that binds it, so a small one costs a few more scavenges and keeps
 * the thread's heap, and the rebuild's peak resident set, 20–40 MiB lower: see PERFORMANCE.md
 * "Rebuild: fifth pass".
 */
export const BULK_WRITER_YOUNG_MIB = 8;

/** PLENTY_BULK_WRITER_YOUNG_MIB, when set to a whole number (0: V8's own size, null here): for measuring. */
export function bulkWriterYoungMiB(): number | null {
  const raw = process.env['PLENTY_BULK_WRITER_YOUNG_MIB'];
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  if (!Number.isInteger(value) || value < 0) return BULK_WRITER_YOUNG_MIB;
  return value === 0 ? null : value;
}

/** Parameters gathered before they are handed to the thread: it starts writing while the rest is serialised. */
const CHUNK_PARAMS = 40_000;

/**
 * The replay's side of the bulk writer's thread (sqlite-bulk-worker.ts). A flush is written
 * as operations with their parameters already serialised (JSON, indexed values, FTS texts),
 * sent in chunks as they are made, and committed in one transaction in the thread; `commit`
 * answers when it is, or rejects when the thread rolled it back or stopped.
 */
export class BulkWriterThread {
  private readonly worker: Worker;
  private readonly sqlIds = new Map<string, number>();
  private readonly searchIds = new Map<string, number>();
  private sqls: [number, string][] = [];
  private searches: [number, SearchTables, readonly string[], SearchSource | null][] = [];
  private ops: number[] = [];
  private params: BulkParam[] = [];
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  private nextId = 1;
  private failure: Error | null = null;
  private exited: Promise<void>;

  constructor(data: Omit<BulkWorkerData, 'kind'>) {
    // From source (tests), the thread still runs the compiled module: threads cannot load TypeScript.
    const compiled = import.meta.url.endsWith('.ts')
      ? '../../dist/read-store/sqlite-bulk-worker.js'
      : './sqlite-bulk-worker.js';
    // Marked, so that the module's body runs only in this thread, not in every thread importing it.
    const workerData: BulkWorkerData = { ...data, kind: BULK_WRITER };
    // Without the replay's flags (`--conditions=source`): what the thread imports is compiled.
    // PLENTY_BULK_WRITER_PROFILE=<dir>: a CPU profile of the thread in that folder (for the rebuild bench).
    const profile = process.env['PLENTY_BULK_WRITER_PROFILE'];
    const execArgv = profile === undefined || profile === '' ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`];
    const young = bulkWriterYoungMiB();
    this.worker = new Worker(new URL(compiled, import.meta.url), {
      workerData,
      execArgv,
      ...(young === null ? {} : { resourceLimits: { maxYoungGenerationSizeMb: young } }),
    });
    this.worker.on('message', (reply: BulkReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve();
      else waiting?.reject(new Error(`the read store's bulk writer rolled back a flush: ${reply.error}`));
    });
    this.exited = new Promise((resolve) => {
      const fail = (error: Error) => {
        this.failure ??= error;
        for (const { reject } of this.pending.values()) reject(error);
        this.pending.clear();
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => {
        fail(new Error(`the read store's bulk writer stopped (exit code ${code})`));
        resolve();
      });
    });
  }

  /** Runs a statement with these parameters, in the open flush. */
  run(sql: string, ...params: BulkParam[]): void {
    this.ops.push(OP_RUN, this.sqlId(sql), params.length);
    for (const param of params) this.params.push(param);
    this.sent();
  }

  /**
   * Runs a statement whose parameters the caller appends to `params()` itself, `count` of them:
   * call `runWith` first, then push exactly `count` values.
   */
  runWith(sql: string, count: number): BulkParam[] {
    this.ops.push(OP_RUN, this.sqlId(sql), count);
    return this.params;
  }

  /** Replaces a document's FTS row by one with these texts (none for a tombstone: null). */
  searchWrite(
    tables: SearchTables,
    columns: readonly string[],
    userId: string,
    id: string,
    texts: readonly string[] | null,
  ): void {
    this.ops.push(OP_SEARCH, this.searchId(tables, columns), texts === null ? 0 : 1);
    this.params.push(userId, id);
    if (texts !== null) for (const text of texts) this.params.push(text);
  }

  /**
   * Replaces the FTS row of the document whose row parameters (user, id, document JSON, as
   * `pushRowParams` puts them) start at `rowStart` of the array `runWith` gave in this chunk: the
   * thread derives its texts with the view's definition from `source` (none for a tombstone).
   * `fresh`: the table has no FTS row for the document yet (see `BulkWrite.fresh`).
   */
  searchRow(
    tables: SearchTables,
    columns: readonly string[],
    source: SearchSource,
    rowStart: number,
    fresh: boolean,
  ): void {
    this.ops.push(OP_SEARCH_ROW, this.searchId(tables, columns, source), rowStart, fresh ? 1 : 0);
  }

  /** Drops a user's FTS rows. */
  searchPurge(tables: SearchTables, columns: readonly string[], userId: string): void {
    this.ops.push(OP_PURGE, this.searchId(tables, columns));
    this.params.push(userId);
  }

  /** Merges every FTS index that a purge of this flush touched into one segment. */
  mergePurged(): void {
    this.ops.push(OP_MERGE);
  }

  /** Hands what is gathered to the thread once it is a chunk's worth. */
  sent(): void {
    if (this.params.length >= CHUNK_PARAMS) this.send();
  }

  /** Commits the flush: answers once it is in the file. */
  commit(): Promise<void> {
    this.send();
    return this.ask((id) => ({ kind: 'commit', id }));
  }

  /** Waits for the flushes handed over, then closes the thread's connection and the thread. */
  async close(): Promise<void> {
    if (this.failure === null) {
      this.send();
      await this.ask((id) => ({ kind: 'close', id })).catch(() => undefined);
    }
    await this.worker.terminate();
    await this.exited;
  }

  private send(): void {
    if (this.ops.length === 0 || this.failure !== null) return;
    const request: BulkRequest = {
      kind: 'ops',
      ops: this.ops,
      params: this.params,
      sqls: this.sqls,
      searches: this.searches,
    };
    this.worker.postMessage(request);
    this.ops = [];
    this.params = [];
    this.sqls = [];
    this.searches = [];
  }

  private ask(request: (id: number) => BulkRequest): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(request(id));
    });
  }

  private sqlId(sql: string): number {
    let id = this.sqlIds.get(sql);
    if (id === undefined) {
      id = this.sqlIds.size;
      this.sqlIds.set(sql, id);
      this.sqls.push([id, sql]);
    }
    return id;
  }

  private searchId(tables: SearchTables, columns: readonly string[], source: SearchSource | null = null): number {
    const key = `${tables.fts}(${columns.join(',')})${source === null ? '' : ` ${source.view} ${source.module}`}`;
    let id = this.searchIds.get(key);
    if (id === undefined) {
      id = this.searchIds.size;
      this.searchIds.set(key, id);
      this.searches.push([id, tables, columns, source]);
    }
    return id;
  }
}
