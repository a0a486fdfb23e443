import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { uuidSchema } from '@plenty/contracts/ids';
import { EXPORT_LOCALES } from '@plenty/contracts/views/files';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import { extensionOf } from '@plenty/platform/file/sniff';
import type { LinkClaims, LinkSigner } from '@plenty/platform/file/signed-link';
import { HttpError } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { exportCsv } from '../export/export.js';

export interface FilesApiOptions {
  readonly blobs: BlobStore;
  readonly links: LinkSigner;
  readonly readStore: ReadStore;
  readonly now?: () => Date;
}

const exportLocaleSchema = z.enum(EXPORT_LOCALES);

const tokenQuerySchema = z.object({ token: z.string().min(1).max(2048) }).strict();

/** The claims of the request's `?token=`, or 401: a browser opened the link, so no bearer token. */
export async function claimsOf(
  request: FastifyRequest,
  links: LinkSigner,
  kind: LinkClaims['kind'],
): Promise<LinkClaims> {
  const query = tokenQuerySchema.safeParse(request.query);
  const claims = query.success ? await links.verify(query.data.token, kind) : null;
  if (claims === null) throw new HttpError(401, 'unauthenticated', 'This link has expired; open it again.');
  return claims;
}

/**
 * Downloads opened by the browser itself with a signed link (register with
 * `{ prefix: '/api/files' }`): `GET /receipts/:receiptId?token=` and `GET /export.csv?token=`.
 */
export const filesApi: FastifyPluginAsync<FilesApiOptions> = async (app, options) => {
  app.get<{ Params: { receiptId: string } }>('/receipts/:receiptId', async (request, reply) => {
    const claims = await claimsOf(request, options.links, 'receipt');
    const id = uuidSchema.safeParse(request.params.receiptId);
    if (!id.success || id.data !== claims.obj) throw new HttpError(404, 'not_found', 'Not found.');
    const blob = await options.blobs.get(claims.sub, id.data);
    if (blob === null) throw new HttpError(404, 'not_found', 'Not found.');
    const extension = extensionOf(blob.contentType);
    const disposition = extension === 'pdf' ? 'attachment' : 'inline';
    return reply
      .header('content-type', blob.contentType)
      .header('content-disposition', `${disposition}; filename="receipt.${extension}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .send(blob.bytes);
  });

  app.get('/export.csv', async (request, reply) => {
    const claims = await claimsOf(request, options.links, 'export');
    const locale = exportLocaleSchema.safeParse(claims.obj);
    if (!locale.success) throw new HttpError(404, 'not_found', 'Not found.');
    const day = (options.now?.() ?? new Date()).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="plenty-transactions-${day}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(exportCsv(options.readStore, claims.sub, locale.data)));
  });
};
