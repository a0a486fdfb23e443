import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { RECEIPT_MAX_BYTES } from '@plenty/contracts/views/files';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { sha256Of, type BlobStore } from '@plenty/platform/blob-store/port';
import { sniffReceiptType } from '@plenty/platform/file/sniff';
import { currentUser, requireAuth } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import { perUserPerMinute } from '@plenty/platform/http/rate-limit';
import { receiptIdFor } from './receipt-id.js';

/** Largest receipt accepted, in bytes. */
export const MAX_RECEIPT_BYTES = RECEIPT_MAX_BYTES;

/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;

export interface ReceiptUpload {
  readonly receiptId: string;
  readonly contentType: string;
  readonly size: number;
}

export interface ReceiptsApiOptions {
  readonly verifier: TokenVerifier;
  readonly blobs: BlobStore;
  /** Uploads per user and minute (per instance); 0 turns the limit off. Default 30. */
  readonly uploadsPerMinutePerUser?: number;
}

const isFileTooLarge = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 413;

/** RFC 2046: a boundary is 1 to 70 characters of a small set, quoted or not. */
const BOUNDARY =
  /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?])"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))\s*(?:;|$)/i;

/** Whether a multipart/form-data content type names a usable boundary. */
export const hasBoundary = (contentType: string | undefined): boolean => BOUNDARY.test(contentType ?? '');

const malformed = () =>
  new HttpError(400, 'multipart_invalid', 'The upload is not well-formed multipart/form-data.', {
    file: 'multipart_invalid',
  });

/**
 * `POST /` (register with `{ prefix: '/api/receipts' }`): multipart with one part `file`.
 * The type is sniffed from the bytes; the name and declared type of the part are ignored.
 * A body that is not well-formed multipart (no boundary, cut short, broken part headers) is
 * 400 `multipart_invalid`; only a file past 5 MB is 413.
 */
export const receiptsApi: FastifyPluginAsync<ReceiptsApiOptions> = async (app, options) => {
  requireAuth(app, options.verifier);
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50, fieldNameSize: 100 },
  });

  const limit = await perUserPerMinute(app, 'receipts-user', options.uploadsPerMinutePerUser ?? 30);
  const routeOptions = limit === undefined ? {} : { preHandler: limit };

  app.post('/', routeOptions, async (request): Promise<ReceiptUpload> => {
    const user = currentUser(request);
    if (!request.isMultipart()) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
    }
    const declaredLength = Number(request.headers['content-length'] ?? '0');
    if (declaredLength > MAX_RECEIPT_BYTES + FRAMING_BYTES) {
      throw new HttpError(413, 'payload_too_large', 'A receipt may have at most 5 MB.');
    }
    if (!hasBoundary(request.headers['content-type'])) throw malformed();
    let bytes: Buffer;
    try {
      const part = await request.file();
      if (part === undefined || part.fieldname !== 'file') {
        throw new HttpError(400, 'file_required', 'Send the receipt in the field "file".', { file: 'file_required' });
      }
      bytes = await part.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (isFileTooLarge(error)) throw new HttpError(413, 'payload_too_large', 'A receipt may have at most 5 MB.');
      // Anything else the parser stops on is the body's fault: cut short, a part without its
      // headers, a boundary that never comes, more parts than one. Never a server error.
      request.log.debug({ err: error }, 'malformed multipart upload');
      throw malformed();
    }
    if (bytes.length === 0) throw new HttpError(400, 'file_empty', 'The file is empty.', { file: 'file_empty' });
    const type = sniffReceiptType(bytes);
    if (type === null) {
      throw new HttpError(415, 'unsupported_media_type', 'A receipt must be a JPEG, PNG, WebP or HEIC image or a PDF.');
    }
    const receiptId = receiptIdFor(user.uid, sha256Of(bytes));
    const stored = await options.blobs.put(user.uid, receiptId, bytes, type.contentType);
    return { receiptId, contentType: type.contentType, size: stored.size };
  });
};
