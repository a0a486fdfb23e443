import type { FastifyInstance } from 'fastify';
import { uuidSchema } from '@plenty/contracts/ids';
import type { FileLink } from '@plenty/contracts/views/files';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import { currentUser } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';

/** `GET /receipts/:receiptId/link`: a 5-minute link to the receipt for `<img src>`. */
export function receiptsRoutes(app: FastifyInstance, blobs: BlobStore, links: LinkSigner): void {
  app.get<{ Params: { receiptId: string } }>('/receipts/:receiptId/link', async (request): Promise<FileLink> => {
    const user = currentUser(request);
    const id = uuidSchema.safeParse(request.params.receiptId);
    // Another user's receipt is as unknown as one that never existed.
    const found = id.success ? await blobs.get(user.uid, id.data) : null;
    if (!id.success || found === null) throw new HttpError(404, 'not_found', 'Not found.');
    const token = await links.sign({ sub: user.uid, kind: 'receipt', obj: id.data });
    return { url: `/api/files/receipts/${id.data}?token=${encodeURIComponent(token)}` };
  });
}
