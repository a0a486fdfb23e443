import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileLinkSchema } from '@plenty/contracts/views/files';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import { itemIdOr404, notFound } from '../query-route.js';

/** `/:receiptId`: anything but a UUID is as unknown as a missing receipt (404). */
export const receiptParamsSchema = z.object({
  receiptId: z.string().describe("The receipt's UUID; anything else answers 404."),
});

/** `GET /receipts/:receiptId/link`: a 5-minute link to the receipt for `<img src>`. */
export function receiptsRoutes(app: FastifyInstance, blobs: BlobStore, links: LinkSigner): void {
  useZodRoutes(app).get(
    '/receipts/:receiptId/link',
    {
      schema: {
        summary: "A 5-minute link to one of the user's receipts; 404 for another user's",
        params: receiptParamsSchema,
        response: { 200: fileLinkSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = itemIdOr404(request.params.receiptId);
      // Another user's receipt is as unknown as one that never existed.
      if ((await blobs.get(user.uid, id)) === null) throw notFound();
      const token = await links.sign({ sub: user.uid, kind: 'receipt', obj: id });
      return { url: `/api/files/receipts/${id}?token=${encodeURIComponent(token)}` };
    },
  );
}
