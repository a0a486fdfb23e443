import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { comparePositions } from '@plenty/contracts/positions';
import { localDate } from '@plenty/contracts/calendar/zone';
import { IMPORT_ROWS_PATH, importBatchId, importTransactionId } from '@plenty/contracts/imports';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { readOutbox } from '@plenty/platform/mail/outbox';
import { receiptUploadBody } from '../support/receipts.js';
import { startStandaloneProcess, type StandaloneProcess } from '../support/standalone-process.js';
import { until } from '../support/until.js';
import { createTestUser, type TestUser } from '../support/users.js';
import { ruleBody } from '../support/recurring.js';

/**
 * What a backup or a power cut right after an erasure leaves: the running server's data
 * folder is copied as soon as the erasure is finished (the projector has passed its record),
 * and every byte of every file is searched for what the user wrote or was sent, in UTF-8 and
 * UTF-16, and for their wrapped data key, raw and in base64. The server's log is searched too.
 */

const dirs: string[] = [];
let server: StandaloneProcess | undefined;
afterAll(async () => {
  await server?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const mark = randomBytes(4).toString('hex');

/** What the leaving user writes, each distinctive enough to be found in any file. */
const leaving = {
  address: `noy.forensic.${mark}@example.test`,
  notes: [
    // zq<mark>: one word, which full-text search keeps on its own (SQLite's FTS index).
    `Dinner with Somchai at the night market ${mark} zq${mark}`,
    `ຄ່າເຊົ່າເຮືອນ ວຽງຈັນ ${mark}`,
    `Hospital visit for grandmother ${mark}`,
  ],
  editedNote: `Medicine from the pharmacy, edited ${mark}`,
  category: `Temple donations ${mark}`,
  debt: { name: `Motorbike loan ${mark}`, lender: `Auntie Bounmy ${mark}`, description: `For the shop ${mark}` },
  receipt: `receipt-scan-${mark}`,
  wallet: `Savings at LDB ${mark}`,
  transferNote: `Cash for the wedding gift ${mark}`,
  ruleNote: `Rent of the flat in Sisattanak ${mark}`,
  importFile: `BCEL statement of Noy ${mark}.csv`,
  importNote: `Imported pharmacy row ${mark}`,
  tag: `trip${mark}`,
  // A split line's note, one word as the FTS index keeps it, and the name a tag is renamed to.
  splitNote: `zs${mark}`,
  renamedTag: `holiday${mark}`,
};
const stayingNote = `Staying user's groceries ${mark}`;

async function send(user: TestUser | null, name: string, body: Record<string, unknown>) {
  const response = await fetch(`${server?.baseUrl}/api/commands/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(user === null ? {} : { authorization: user.authorization }),
    },
    body: JSON.stringify({ commandId: randomUUID(), ...body }),
  });
  const answer = (await response.json()) as { position?: string };
  if (response.status !== 200) throw new Error(`${name} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

async function uploadReceipt(user: TestUser, bytes: Buffer): Promise<string> {
  const { body, contentType } = receiptUploadBody(bytes);
  const response = await fetch(`${server?.baseUrl}/api/receipts`, {
    method: 'POST',
    headers: { authorization: user.authorization, 'content-type': contentType },
    body,
  });
  if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
  return ((await response.json()) as { receiptId: string }).receiptId;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** A value as it could sit in a file: UTF-8 and UTF-16 text. */
const asText = (value: string) => [Buffer.from(value, 'utf8'), Buffer.from(value, 'utf16le')];

describe('an erased account on disk', () => {
  it('leaves nothing of the user in a copy of the data folder taken right after the erasure, nor in the log', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'plenty-forensic-'));
    const copyDir = await mkdtemp(join(tmpdir(), 'plenty-forensic-copy-'));
    dirs.push(dataDir, copyDir);
    const outboxDir = join(dataDir, 'outbox');
    // Debug: the log holds every request line too.
    server = await startStandaloneProcess({ dataDir, env: { LOG_LEVEL: 'debug' } });
    const user = await createTestUser(server.baseUrl, { email: leaving.address }, outboxDir);
    const staying = await createTestUser(server.baseUrl, {}, outboxDir);

    // A budget, so that spending mails an alert; a category, transactions with notes (one
    // edited), a receipt, and a debt with its lender.
    const today = localDate(new Date(), 'UTC');
    await send(user, 'ChangePreferences', {
      changes: { currency: 'THB', monthlyBudget: { amount: 100_000, currency: 'THB' }, timeZone: 'UTC' },
    });
    const categoryId = randomUUID();
    await send(user, 'AddCategory', {
      categoryId,
      name: leaving.category,
      type: 'expense',
      icon: 'cup',
      color: '#aa5500',
    });
    const receiptId = await uploadReceipt(
      user,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`JFIF ${leaving.receipt}`)]),
    );
    const transactionIds: string[] = [];
    for (const [index, note] of leaving.notes.entries()) {
      const transactionId = randomUUID();
      transactionIds.push(transactionId);
      await send(user, 'AddTransaction', {
        transactionId,
        type: 'expense',
        amount: { amount: 40_000, currency: 'THB' },
        categoryId: index === 0 ? categoryId : 'builtin-food',
        date: today,
        note,
        ...(index === 1 ? { receipt: receiptId } : {}),
        ...(index === 0 ? { tags: [leaving.tag] } : {}),
        ...(index === 1
          ? {
              splits: [
                { categoryId: 'builtin-food', amount: 30_000, note: leaving.splitNote },
                { categoryId: 'builtin-transport', amount: 10_000 },
              ],
            }
          : {}),
      });
    }
    await send(user, 'RenameTag', { from: leaving.tag, to: leaving.renamedTag });
    await send(user, 'EditTransaction', { transactionId: transactionIds[2], changes: { note: leaving.editedNote } });
    const debtId = randomUUID();
    await send(user, 'OpenDebt', {
      debtId,
      name: leaving.debt.name,
      lender: leaving.debt.lender,
      description: leaving.debt.description,
      type: 'loan',
      initialAmount: 5_000_000,
      currentAmount: 5_000_000,
      annualRatePercent: '6',
      paymentDueDay: 15,
      icon: 'car',
      color: '#336699',
      currency: 'LAK',
      loanType: 'emi',
      termMonths: 24,
      openDate: today,
      startDate: today,
    });
    // A wallet of their own and a transfer from it to their default wallet of kip.
    const walletId = randomUUID();
    await send(user, 'OpenWallet', {
      walletId,
      name: leaving.wallet,
      kind: 'savings',
      currency: 'LAK',
      openingBalance: 2_000_000,
      openingDate: today,
      icon: 'piggy-bank',
      color: '#0f766e',
      excludeFromTotals: false,
    });
    const transferId = randomUUID();
    await send(user, 'RecordTransfer', {
      transferId,
      fromWalletId: walletId,
      toWalletId: defaultWalletId(user.uid, 'LAK'),
      amountOut: { amount: 300_000, currency: 'LAK' },
      amountIn: { amount: 300_000, currency: 'LAK' },
      date: today,
      note: leaving.transferNote,
    });
    // A monthly rent with reminders, its first occurrence posted now.
    const ruleId = randomUUID();
    await send(user, 'CreateRecurringRule', {
      ruleId,
      ...ruleBody(
        { amount: { amount: 1_500_000, currency: 'LAK' }, note: leaving.ruleNote, mode: 'confirm', remind: true },
        { startDate: today },
      ),
    });
    await send(user, 'PostOccurrence', { ruleId, date: today });
    const occurrenceId = occurrenceTransactionId(user.uid, ruleId, today);
    // An import of a file with one row, finished.
    const batchId = importBatchId(user.uid, randomBytes(32).toString('hex'), 0);
    const started = await send(user, 'StartImport', {
      batchId,
      fileName: leaving.importFile,
      fileSha256: randomBytes(32).toString('hex'),
      source: 'csv',
      rowCount: 1,
    });
    expect(started.position).toBeDefined();
    const rows = await fetch(`${server.baseUrl}${IMPORT_ROWS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: user.authorization },
      body: JSON.stringify({
        batchId,
        rows: [
          {
            row: 0,
            type: 'expense',
            amount: { amount: 12_000, currency: 'THB' },
            categoryId: 'builtin-food',
            date: today,
            note: leaving.importNote,
          },
        ],
      }),
    });
    expect(rows.status).toBe(200);
    await send(user, 'FinishImport', { batchId, added: 1, existing: 0, skipped: {} });
    const importedId = importTransactionId(user.uid, batchId, 0);
    const stayingTransactionId = randomUUID();
    await send(staying, 'AddTransaction', {
      transactionId: stayingTransactionId,
      type: 'expense',
      amount: { amount: 1_500, currency: 'THB' },
      categoryId: 'builtin-food',
      date: today,
      note: stayingNote,
    });
    await send(null, 'RequestPasswordReset', { email: leaving.address, locale: 'lo' });

    // The mail to the address: the verification code, the reset link and a spending alert.
    await until('the reset link and the spending alert in the outbox', async () => {
      const subjects = (await readOutbox(outboxDir)).filter((mail) => mail.to === leaving.address);
      return subjects.some((mail) => mail.text.includes('/reset-password/')) && subjects.length >= 3;
    });
    const mails = (await readOutbox(outboxDir)).filter((mail) => mail.to === leaving.address);
    const code = mails.map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1]).find((found) => found !== undefined);
    const resetToken = mails.map((mail) => /\/reset-password\/([^\s]+)/.exec(mail.text)?.[1]).find(Boolean);
    expect(code).toBeDefined();
    expect(resetToken).toBeDefined();

    // The split line's note word and the renamed tag are in the search index before the erasure.
    for (const word of [leaving.splitNote, leaving.renamedTag]) {
      await until(`a search for ${word} to find its transaction`, async () => {
        const found = await fetch(`${server?.baseUrl}/api/queries/transactions?q=${word}`, {
          headers: { authorization: user.authorization },
        });
        return ((await found.json()) as { items?: unknown[] }).items?.length === 1;
      });
    }

    // The user's wrapped data key, as a backup taken now would hold it.
    const keys = new Database(join(dataDir, 'keys.db'), { readonly: true });
    const wrapped = keys
      .prepare<[string], { wrapped: Buffer }>('SELECT wrapped FROM data_keys WHERE user_id = ?')
      .get(user.uid)?.wrapped;
    keys.close();
    expect(wrapped).toBeInstanceOf(Buffer);
    if (wrapped === undefined) return;

    const erasure = await send(user, 'DeleteAccount', {
      confirmEmail: leaving.address,
      confirmPhrase: 'Delete My Account',
      reason: 'privacy',
    });
    // Finished once the projector has passed the erasure's record (it purges the views on it).
    await until('the projector to pass the erasure', async () => {
      const ready = (await (await fetch(`${server?.baseUrl}/readyz`)).json()) as { projections: { position: string } };
      return comparePositions(ready.projections.position, erasure.position ?? '') >= 0;
    });
    // While the server still runs: what a backup tool or a power cut leaves.
    await cp(dataDir, copyDir, { recursive: true });

    const needles: { readonly what: string; readonly bytes: Buffer[] }[] = [
      { what: 'the address', bytes: asText(leaving.address) },
      { what: 'a word of a note, as full-text search keeps it', bytes: asText(`zq${mark}`) },
      { what: 'the tag', bytes: asText(leaving.tag) },
      { what: 'the renamed tag', bytes: asText(leaving.renamedTag) },
      { what: 'a split line’s note', bytes: asText(leaving.splitNote) },
      ...[...leaving.notes, leaving.editedNote].map((note) => ({ what: `the note "${note}"`, bytes: asText(note) })),
      { what: 'the category name', bytes: asText(leaving.category) },
      { what: 'the debt name', bytes: asText(leaving.debt.name) },
      { what: 'the lender', bytes: asText(leaving.debt.lender) },
      { what: 'the debt description', bytes: asText(leaving.debt.description) },
      { what: 'the receipt', bytes: asText(leaving.receipt) },
      { what: 'the wallet name', bytes: asText(leaving.wallet) },
      { what: 'the transfer note', bytes: asText(leaving.transferNote) },
      { what: 'the recurring rule note', bytes: asText(leaving.ruleNote) },
      { what: 'the imported file name', bytes: asText(leaving.importFile) },
      { what: 'the imported row note', bytes: asText(leaving.importNote) },
      { what: 'the reset link token', bytes: asText(resetToken ?? '') },
      // The ids of what the user made tie amounts and dates to them wherever they appear.
      ...[
        ...transactionIds,
        debtId,
        categoryId,
        receiptId,
        walletId,
        transferId,
        ruleId,
        occurrenceId,
        batchId,
        importedId,
      ].map((id) => ({
        what: `the id ${id}`,
        bytes: asText(id),
      })),
      {
        what: 'the wrapped data key',
        bytes: [wrapped, Buffer.from(wrapped.toString('base64')), Buffer.from(wrapped.toString('base64url'))],
      },
    ];
    const files = await filesUnder(copyDir);
    const contents = await Promise.all(files.map(async (file) => ({ file, bytes: await readFile(file) })));
    const found = needles.flatMap(({ what, bytes }) =>
      contents
        .filter((content) => bytes.some((needle) => content.bytes.includes(needle)))
        .map((content) => `${what} in ${relative(copyDir, content.file)}`),
    );
    expect(found).toEqual([]);
    // The search finds what is still there: the other user's note and transaction.
    expect(contents.some((content) => content.bytes.includes(Buffer.from(stayingNote)))).toBe(true);
    expect(contents.some((content) => content.bytes.includes(Buffer.from(stayingTransactionId)))).toBe(true);

    // The user id itself stays only where the erasure is recorded: the erasure record in the
    // events and the mark that the key was erased; read.db keeps nothing of theirs.
    const holdingUid = contents
      .filter((content) => asText(user.uid).some((needle) => content.bytes.includes(needle)))
      .map((content) => relative(copyDir, content.file));
    expect(
      holdingUid.every((file) => /^(events|keys|read)\.db(-wal)?$/.test(file)),
      holdingUid.join(', '),
    ).toBe(true);
    const events = new Database(join(copyDir, 'events.db'), { readonly: true });
    const streams = events
      .prepare<[string], { stream_id: string }>(
        "SELECT DISTINCT stream_id FROM events WHERE json_extract(metadata, '$.userId') = ?",
      )
      .all(user.uid);
    events.close();
    expect(streams.map((row) => row.stream_id)).toEqual([ACCOUNT_ERASURES_STREAM]);
    const read = new Database(join(copyDir, 'read.db'), { readonly: true });
    const tables = read
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'view_%'")
      .all();
    for (const { name } of tables) {
      const rows = read.prepare(`SELECT count(*) AS n FROM ${name} WHERE user_id = ? OR (id = ? AND doc IS NOT NULL)`);
      expect((rows.get(user.uid, user.uid) as { n: number }).n, name).toBe(0);
    }
    read.close();
    // Each file was written anew before the erasure was recorded as finished: none owes a scrub.
    for (const file of ['events.db', 'keys.db', 'identity.db', 'read.db']) {
      const copy = new Database(join(copyDir, file), { readonly: true });
      const owed = copy.prepare<[], { n: number }>('SELECT count(*) AS n FROM erasure_scrub').get()?.n;
      copy.close();
      expect(owed, file).toBe(0);
    }

    // The log never held the address, the code, the link's token or a note.
    const log = server.output();
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [leaving.address, code ?? '', resetToken ?? '', ...leaving.notes, leaving.debt.lender]) {
      expect(log.includes(secret), secret).toBe(false);
    }
  }, 120_000);
});
