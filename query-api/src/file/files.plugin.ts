import { localDate } from '@plenty/contracts/calendar/zone';
import type { FastifyPluginAsync } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { EXPORT_LOCALES } from '@plenty/contracts/views/files';
import { receiptParamsSchema } from '@plenty/contracts/views/query-routes';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import { extensionOf } from '@plenty/platform/file/sniff';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import { linkClaimsOf, linkQuerySchema } from '@plenty/platform/http/signed-links';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { exportCsv } from '../export/export.js';
import { itemIdOr404, notFound } from '../query-route.js';

export interface FilesApiOptions {
  readonly blobs: BlobStore;
  readonly links: LinkSigner;
  readonly readStore: ReadStore;
  readonly now?: () => Date;
}

const exportLocaleSchema = z.enum(EXPORT_LOCALES);

/**
 * Downloads opened by the browser itself with a signed link (register with
 * `{ prefix: '/api/files' }`): `GET /receipts/:receiptId?token=` and `GET /export.csv?token=`.
 */
export const filesApi: FastifyPluginAsync<FilesApiOptions> = async (app, options) => {
  const api = useZodRoutes(app);
  const receipt = { summary: 'The receipt file (image inline, PDF as attachment)' };
  api.get(
    '/receipts/:receiptId',
    { schema: { ...receipt, params: receiptParamsSchema, querystring: linkQuerySchema } },
    async (request, reply) => {
      const claims = await linkClaimsOf(request, options.links, 'receipt');
      const id = itemIdOr404(request.params.receiptId);
      if (id !== claims.obj) throw notFound();
      const blob = await options.blobs.get(claims.sub, id);
      if (blob === null) throw notFound();
      const extension = extensionOf(blob.contentType);
      const disposition = extension === 'pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', blob.contentType)
        .header('content-disposition', `${disposition}; filename="receipt.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(blob.bytes);
    },
  );

  const csv = { summary: "The user's transactions as CSV (text/csv)" };
  api.get('/export.csv', { schema: { ...csv, querystring: linkQuerySchema } }, async (request, reply) => {
    const claims = await linkClaimsOf(request, options.links, 'export');
    const locale = exportLocaleSchema.safeParse(claims.obj);
    if (!locale.success) throw notFound();
    const day = localDate(options.now?.() ?? new Date(), 'UTC');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="plenty-transactions-${day}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(exportCsv(options.readStore, claims.sub, locale.data)));
  });
};
