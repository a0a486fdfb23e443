import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { openFsBlobStore } from '@plenty/platform/blob-store/fs';
import { MAX_RECEIPT_BYTES, receiptsApi } from './receipts.plugin.js';
import { testServer } from '../testing/server.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const boundary = 'plenty-test-boundary';

function body(parts: string[], close = true): Buffer {
  return Buffer.concat([
    ...parts.map((part) => Buffer.from(part, 'latin1')),
    Buffer.from(close ? `--${boundary}--\r\n` : '', 'latin1'),
  ]);
}

const filePart = (bytes: Buffer, name = 'file') =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="r.png"\r\n` +
  `Content-Type: image/png\r\n\r\n${bytes.toString('latin1')}\r\n`;

let app: FastifyInstance;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'plenty-receipts-'));
  app = await testServer(receiptsApi, {
    prefix: '/api/receipts',
    verifier: fakeVerifier,
    blobs: await openFsBlobStore({ directory: folder }),
    uploadsPerMinutePerUser: 0,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

const upload = (payload: Buffer | string, contentType: string) =>
  app.inject({
    method: 'POST',
    url: '/api/receipts',
    headers: { authorization: bearer('alice'), 'content-type': contentType },
    payload,
  });

describe('receipt uploads', () => {
  it('stores a well-formed upload', async () => {
    const answer = await upload(body([filePart(PNG)]), `multipart/form-data; boundary=${boundary}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ contentType: 'image/png', size: PNG.length });
  });

  it.each([
    ['multipart without a boundary', () => upload(body([filePart(PNG)]), 'multipart/form-data')],
    ['an empty boundary', () => upload(body([filePart(PNG)]), 'multipart/form-data; boundary=')],
    ['a body that never ends', () => upload(body([filePart(PNG)], false), `multipart/form-data; boundary=${boundary}`)],
    ['a quoted boundary that is empty', () => upload(body([filePart(PNG)]), 'multipart/form-data; boundary=""')],
    [
      'a boundary past 70 characters',
      () => upload(body([filePart(PNG)]), `multipart/form-data; boundary=${'b'.repeat(71)}`),
    ],
  ])('answers %s with 400 multipart_invalid', async (_name, send) => {
    const answer = await send();
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: { code: 'multipart_invalid', fields: { file: 'multipart_invalid' } },
    });
  });

  it.each([
    [
      'a part cut in its headers',
      () => upload(`--${boundary}\r\nContent-Disposition: form-da`, `multipart/form-data; boundary=${boundary}`),
    ],
    ['another boundary than announced', () => upload(body([filePart(PNG)]), 'multipart/form-data; boundary=other')],
    ['an empty body', () => upload('', `multipart/form-data; boundary=${boundary}`)],
    ['garbage', () => upload('\u0000\u0001garbage', `multipart/form-data; boundary=${boundary}`)],
  ])('answers %s, where no part can be found, with 400 file_required', async (_name, send) => {
    const answer = await send();
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: { code: 'file_required' } });
  });

  it('answers a file past 5 MB with 413 payload_too_large, and a body that is not multipart with 415', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_RECEIPT_BYTES)]);
    const tooLarge = await upload(body([filePart(big)]), `multipart/form-data; boundary=${boundary}`);
    expect(tooLarge.statusCode).toBe(413);
    const json = await upload('{}', 'application/json');
    expect(json.statusCode).toBe(415);
  });

  it('answers a missing file part 400 file_required and an empty file 400 file_empty', async () => {
    const other = await upload(body([filePart(PNG, 'photo')]), `multipart/form-data; boundary=${boundary}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: { code: 'file_required' } });
    const empty = await upload(body([filePart(Buffer.alloc(0))]), `multipart/form-data; boundary=${boundary}`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'file_empty' } });
  });
});
