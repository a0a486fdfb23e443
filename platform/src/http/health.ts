import type { FastifyInstance } from 'fastify';

/** GET /healthz: 200 while the process runs, whatever its stores do. */
export function installLiveness(app: FastifyInstance): void {
  app.get('/healthz', { schema: { summary: 'Alive: 200 while the process runs' } }, async () => ({ status: 'ok' }));
}

/**
 * GET /healthz, and GET /readyz answering `{ status: 'ready', ...figures }` once `figures`
 * (what the service is ready with, e.g. the head of the event log) can be read.
 */
export function installHealth(
  app: FastifyInstance,
  readySummary: string,
  figures: () => Promise<Record<string, unknown>>,
): void {
  installLiveness(app);
  app.get('/readyz', { schema: { summary: readySummary } }, async () => ({ status: 'ready', ...(await figures()) }));
}
