import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { LinkSigner } from '@plenty/platform/file/signed-link';
import { installErrorHandling } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { quarantineView } from '@plenty/projections/quarantine';
import { queryApi, type QueryApiOptions } from '@plenty/query-api/app';
import { filesApi } from '@plenty/query-api/file/files.plugin';

/**
 * Runs `bench` with a SQLite read store holding every projection's views and quarantine list, in a new temporary
 * folder (`plenty-bench-<name>-…`) that is removed afterwards.
 */
export async function withBenchReadStore(name: string, bench: (readStore: ReadStore) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), `plenty-bench-${name}-`));
  const readStore = await openSqliteReadStore({ path: join(dir, 'read.db') });
  try {
    await readStore.ensureViews([...allProjections.flatMap((p) => p.views), ...allProjections.map(quarantineView)]);
    await bench(readStore);
  } finally {
    await readStore.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export interface BenchQueryApi {
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** Any bearer token: the verifier signs in `user()` whatever it is. */
  readonly headers: { readonly authorization: string };
}

/**
 * The query API over `readStore` on a free loopback port, every request signed in as `user()`
 * (verified), the projector always at `position()`; `register` adds more plugins before it listens.
 */
export async function startBenchQueryApi(
  readStore: ReadStore,
  user: () => string,
  position: () => number,
  { files, register }: Pick<QueryApiOptions, 'files'> & { register?: (app: FastifyInstance) => Promise<void> } = {},
): Promise<BenchQueryApi> {
  const verifier: TokenVerifier = {
    verify: async () => ({ uid: user(), email: null, emailVerified: true, expiresAt: 9e9, authTime: 0 }),
  };
  const progress = { current: async () => String(position()), waitFor: async () => String(position()) };
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  await app.register(queryApi, {
    prefix: '/api/queries',
    readStore,
    verifier,
    progress,
    // A bench sends thousands of requests a minute as one user: it measures the queries, not the limit.
    queriesPerMinutePerUser: 0,
    ...(files === undefined ? {} : { files }),
  });
  await register?.(app);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, headers: { authorization: `Bearer ${'x'.repeat(40)}` } };
}

/** The export reads no blobs. */
const nullBlobs = {
  put: async () => ({ size: 0, sha256: '' }),
  get: async () => null,
  delete: async () => undefined,
  deleteUser: async () => undefined,
  close: async () => undefined,
};

/**
 * The files options of `startBenchQueryApi` for a bench that downloads the CSV export: signed
 * links and the files route over `readStore`, with no receipts to read.
 */
export function exportFiles(readStore: ReadStore): Parameters<typeof startBenchQueryApi>[3] {
  const links = new LinkSigner(Buffer.alloc(32, 1));
  return {
    files: { blobs: nullBlobs, links },
    register: async (files) => {
      await files.register(filesApi, { prefix: '/api/files', blobs: nullBlobs, links, readStore });
    },
  };
}

/** What streaming an export cost: its size, its lines and how far the process's RSS rose. */
export interface ExportRead {
  readonly bytes: number;
  readonly lines: number;
  readonly seconds: number;
  readonly rssGrowth: number;
}

/**
 * Streams the export at `url` (a signed export link; collect garbage first for a clean baseline),
 * counting bytes and lines (by search, not byte by byte, so the client's share of the CPU stays
 * small) and the peak RSS.
 */
export async function streamExport(url: string): Promise<ExportRead> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const started = performance.now();
  const response = await fetch(url);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body ?? []) {
    const data = chunk as Uint8Array;
    bytes += data.length;
    for (let at = data.indexOf(0x0a); at >= 0; at = data.indexOf(0x0a, at + 1)) lines += 1;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { bytes, lines, seconds: (performance.now() - started) / 1000, rssGrowth: peak - baseline };
}
