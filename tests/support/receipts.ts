import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './users.js';

/*
 * Receipts as the tests upload them: the bytes of a small JPEG, the multipart body of
 * `POST /api/receipts`, and the upload itself through `inject`.
 */

/** The bytes of a small JPEG receipt, told apart by `seed`. */
export const receiptBytes = (seed: string): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`JFIF ${seed}`)]);

/** The multipart body that uploads `bytes` as a JPEG, and its content type. */
export function receiptUploadBody(bytes: Buffer): { readonly body: Buffer; readonly contentType: string } {
  const boundary = `----plenty${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a receipt as `user` and answers its reference. */
export async function uploadReceipt(app: FastifyInstance, user: TestUser, bytes: Buffer): Promise<string> {
  const { body, contentType } = receiptUploadBody(bytes);
  const response = await app.inject({
    method: 'POST',
    url: '/api/receipts',
    headers: { authorization: user.authorization, 'content-type': contentType },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { receiptId: string }).receiptId;
}
