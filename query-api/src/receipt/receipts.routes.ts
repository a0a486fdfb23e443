import type { FastifyInstance } from 'fastify';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import { itemIdOr404, notFound, queryRoute } from '../query-route.js';

/** `GET /receipts/:receiptId/link`: a 5-minute link to the receipt for `<img src>`. */
export function receiptsRoutes(app: FastifyInstance, blobs: BlobStore, links: LinkSigner): void {
  queryRoute(app, QUERY_ROUTES.receiptLink, async ({ user, params }) => {
    const id = itemIdOr404(params.receiptId);
    // Another user's receipt is as unknown as one that never existed.
    if ((await blobs.get(user.uid, id)) === null) throw notFound();
    const token = await links.sign({ sub: user.uid, kind: 'receipt', obj: id });
    return { url: `/api/files/receipts/${id}?token=${encodeURIComponent(token)}` };
  });
}
