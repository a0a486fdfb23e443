import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { ApiClient } from '../support/api-client.js';
import { expenseBody } from '../support/transaction-body.js';
import type { TestUser } from '../support/users.js';

const env = useTestStandalone();
const users = useTestUsers(env, ['alice', 'bob']);

const jpeg = (seed: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`JFIF ${seed}`)]);

function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----plenty${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(user: TestUser, bytes: Buffer, filename = 'receipt.jpg', declared = 'image/jpeg') {
  const body = multipart(bytes, filename, declared);
  const response = await env.standalone.app.inject({
    method: 'POST',
    url: '/api/receipts',
    headers: { authorization: user.authorization, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { receiptId: string } };
}

describe('receipts: upload, signed link, download', () => {
  it('stores a JPEG once per content, links it for its owner only and serves it with safe headers', async () => {
    const bytes = jpeg('lunch');
    const first = await upload(users.alice, bytes);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ receiptId: expect.any(String), contentType: 'image/jpeg', size: bytes.length });
    const again = await upload(users.alice, bytes, 'other-name.png', 'image/png');
    expect(again.body.receiptId).toBe(first.body.receiptId);
    expect((await upload(users.bob, bytes)).body.receiptId).not.toBe(first.body.receiptId);

    const link = await new ApiClient(env.standalone.app, users.alice).query<{ url: string }>(
      `receipts/${first.body.receiptId}/link`,
    );
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^/api/files/receipts/${first.body.receiptId}\\?token=`));
    const download = await env.standalone.app.inject({ method: 'GET', url: link.body.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toBe('inline; filename="receipt.jpg"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, max-age=300');

    const stranger = await new ApiClient(env.standalone.app, users.bob).query(`receipts/${first.body.receiptId}/link`);
    expect(stranger.status).toBe(404);
    expect((await new ApiClient(env.standalone.app, users.alice).query(`receipts/${randomUUID()}/link`)).status).toBe(
      404,
    );
    const tampered = link.body.url.replace(/token=.{4}/, 'token=AAAA');
    expect((await env.standalone.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(401);
    // A receipt link opens no export.
    const receiptToken = new URL(link.body.url, 'http://x').searchParams.get('token') ?? '';
    const asExport = `/api/files/export.csv?token=${encodeURIComponent(receiptToken)}`;
    expect((await env.standalone.app.inject({ method: 'GET', url: asExport })).statusCode).toBe(401);
    const otherObject = link.body.url.replace(first.body.receiptId, randomUUID());
    expect((await env.standalone.app.inject({ method: 'GET', url: otherObject })).statusCode).toBe(404);
    expect(
      (await env.standalone.app.inject({ method: 'GET', url: `/api/files/receipts/${first.body.receiptId}` }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([jpeg('big'), Buffer.alloc(5 * 1024 * 1024)]);
    const answer = await upload(users.alice, big);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('refuses an HTML page named .jpg and declared as JPEG with 415', async () => {
    const answer = await upload(users.alice, Buffer.from('<!doctype html><script>alert(1)</script>'), 'cat.jpg');
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('refuses an empty file with 400, and a body that is not multipart with 415', async () => {
    const empty = await upload(users.alice, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { code: 'file_empty' } });
    const json = await env.standalone.app.inject({
      method: 'POST',
      url: '/api/receipts',
      headers: { authorization: users.alice.authorization },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const anonymous = await env.standalone.app.inject({ method: 'POST', url: '/api/receipts', payload: { file: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a transaction with an unknown or foreign receipt with 422 receipt_not_found and records nothing', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const bobs = (await upload(users.bob, jpeg('bob only'))).body.receiptId;
    const transaction = (receipt: string) =>
      expenseBody({ amount: { amount: 4500, currency: 'THB' }, date: '2026-11-23', receipt });
    for (const receipt of [randomUUID(), bobs]) {
      const body = transaction(receipt);
      const answer = await api.command('AddTransaction', body);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        error: { code: 'receipt_not_found', fields: { receipt: 'receipt_not_found' } },
      });
      expect(await env.standalone.eventStore.readStream(`transaction-${body.transactionId}`)).toEqual([]);
    }

    const plain = transaction(randomUUID());
    const { receipt: _unknown, ...withoutReceipt } = plain;
    expect((await api.command('AddTransaction', withoutReceipt)).status).toBe(200);
    const edit = await api.command('EditTransaction', {
      transactionId: plain.transactionId,
      changes: { receipt: bobs },
    });
    expect(edit.status).toBe(422);
    expect(edit.body).toMatchObject({ error: { code: 'receipt_not_found', fields: { receipt: 'receipt_not_found' } } });
    expect(await env.standalone.eventStore.readStream(`transaction-${plain.transactionId}`)).toHaveLength(1);
    expect(await env.standalone.blobStore.get(users.bob.uid, bobs)).not.toBeNull();
  });

  it('deletes the receipt with the last transaction that references it', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const { receiptId } = (await upload(users.alice, jpeg('shared'))).body;
    const transaction = (receipt: string) =>
      expenseBody({ amount: { amount: 9900, currency: 'THB' }, date: '2026-11-21', receipt });
    const first = transaction(receiptId);
    const second = transaction(receiptId);
    expect((await api.command('AddTransaction', first)).status).toBe(200);
    expect((await api.command('AddTransaction', second)).status).toBe(200);
    await api.query('transactions');

    expect((await api.command('DeleteTransaction', { transactionId: first.transactionId })).status).toBe(200);
    expect(await env.standalone.blobStore.get(users.alice.uid, receiptId)).not.toBeNull();
    await api.query('transactions');
    expect((await api.command('DeleteTransaction', { transactionId: second.transactionId })).status).toBe(200);
    expect(await env.standalone.blobStore.get(users.alice.uid, receiptId)).toBeNull();
    expect((await api.query(`receipts/${receiptId}/link`)).status).toBe(404);
  });

  it('deletes a receipt an edit replaces, and keeps the new one', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const before = (await upload(users.alice, jpeg('before'))).body.receiptId;
    const after = (await upload(users.alice, jpeg('after'))).body.receiptId;
    const transactionId = randomUUID();
    const add = await api.command(
      'AddTransaction',
      expenseBody({ transactionId, amount: { amount: 100, currency: 'USD' }, date: '2026-11-22', receipt: before }),
    );
    expect(add.status).toBe(200);
    await api.query('transactions');
    const note = await api.command('EditTransaction', { transactionId, changes: { note: 'only the note' } });
    expect(note.status).toBe(200);
    expect(await env.standalone.blobStore.get(users.alice.uid, before)).not.toBeNull();
    const edit = await api.command('EditTransaction', { transactionId, changes: { receipt: after } });
    expect(edit.status).toBe(200);
    expect(await env.standalone.blobStore.get(users.alice.uid, before)).toBeNull();
    expect(await env.standalone.blobStore.get(users.alice.uid, after)).not.toBeNull();
  });
});
