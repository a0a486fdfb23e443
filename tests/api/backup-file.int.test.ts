import { createHash, randomUUID } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  BACKUP_LINK_PATH,
  backupEventSchema,
  backupManifestSchema,
  type BackupEvent,
  type BackupManifest,
} from '@plenty/contracts/backup';
import { eventDataSchemas, isPlentyEventType } from '@plenty/contracts/events/registry';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { HISTORY_EVENT_TYPES } from '@plenty/command-api/backup/backup-fold';
import { LinkSigner, linkSecretFromText } from '@plenty/platform/file/signed-link';
import { useTestStandalone } from '../support/standalone-app.js';
import { signedUp } from '../support/signed-up.js';
import { csvText, parseCsv } from '../support/csv.js';
import type { TestUser } from '../support/users.js';
import { sendOk } from '../support/wallets.js';
import { giveEverything } from '../faults/restore-fixture.js';
import { receiptBytes } from '../support/receipts.js';

const LINK_SECRET = 'backup-file test secret of at least thirty-two characters';
const env = useTestStandalone({ linkSecret: LINK_SECRET });

async function linkOf(user: TestUser, locale: string): Promise<string> {
  const response = await env.standalone.app.inject({
    method: 'GET',
    url: `${BACKUP_LINK_PATH}?locale=${locale}`,
    headers: { authorization: user.authorization },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  expect(url).toMatch(/^\/api\/backup\/file\?token=[A-Za-z0-9._%-]+$/);
  return url;
}

async function download(url: string) {
  return env.standalone.app.inject({ method: 'GET', url });
}

describe('the backup file ("Download all my data")', () => {
  it("holds every event, the readable files and the receipts of the user, and nothing of anyone else's", async () => {
    const other = await signedUp(env.standalone);
    const otherTransaction = uuidV7();
    await sendOk(other.api, 'AddTransaction', {
      transactionId: otherTransaction,
      type: 'expense',
      amount: { amount: 999, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-10-04',
      note: 'someone else entirely',
    });

    const { user, api } = await signedUp(env.standalone);
    const rich = await giveEverything(env.standalone.app, user, api);
    await sendOk(api, 'ChangePreferences', { changes: { timeZone: 'Asia/Bangkok' } });
    await sendOk(api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: { amount: 8_000, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-10-06',
      time: '19:45',
      note: 'ส้มตำ, "เผ็ด"\n=ไม่ใช่สูตร',
    });

    const response = await download(await linkOf(user, 'th'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="plenty-backup-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(response.rawPayload));

    // The manifest validates and names every file of the ZIP.
    const manifest: BackupManifest = backupManifestSchema.parse(JSON.parse(strFromU8(files['manifest.json']!)));
    expect(manifest).toMatchObject({ format: 'plenty-backup', version: 1, sourceUserId: user.uid, locale: 'th' });
    expect(Object.keys(files).sort()).toEqual(
      [
        'events.jsonl',
        'history.csv',
        'manifest.json',
        'transactions.csv',
        ...manifest.receipts.map((r) => r.path),
      ].sort(),
    );

    // events.jsonl: one event per line, each valid as a backup event and as its type's data.
    const lines = strFromU8(files['events.jsonl']!).split('\n');
    expect(lines.pop()).toBe('');
    const events: BackupEvent[] = lines.map((line) => backupEventSchema.parse(JSON.parse(line)));
    expect(events).toHaveLength(manifest.eventCount);
    expect(new Set(events.map((e) => e.streamId)).size).toBe(manifest.streamCount);
    for (const event of events) {
      expect(isPlentyEventType(event.type), event.type).toBe(true);
      if (!isPlentyEventType(event.type)) continue;
      expect(eventDataSchemas[event.type].safeParse(event.data).success, event.type).toBe(true);
      expect(event.streamId).not.toMatch(/^(notification|account|verification|restore)-/);
    }
    // In the order they happened: the times never go back.
    const times = events.map((e) => e.occurredAt);
    expect([...times].sort()).toEqual(times);
    expect(events.filter((e) => e.type === 'TransactionAdded').map((e) => e.data.note)).toEqual(
      expect.arrayContaining(['ส้มตำ, "เผ็ด"\n=ไม่ใช่สูตร', 'ເຂົ້າປຽກ with friends']),
    );
    for (const type of ['TransferRecorded', 'DebtOpened', 'InstallmentMarkedPaid', 'GoalContributed', 'WalletOpened']) {
      expect(
        events.some((e) => e.type === type),
        type,
      ).toBe(true);
    }
    for (const type of ['RecurringRuleCreated', 'ImportFinished', 'CategoryDeleted', 'PreferencesChanged']) {
      expect(
        events.some((e) => e.type === type),
        type,
      ).toBe(true);
    }
    // Every event of a posted occurrence's or imported row's stream names where it came from.
    const posted = events.filter((e) => e.origin?.recurrence?.ruleId === rich.ruleId);
    const imported = events.filter((e) => e.origin?.import?.batchId === rich.batchId);
    expect(posted.length).toBeGreaterThanOrEqual(2);
    expect(imported).toHaveLength(2);

    // Nothing of the other user anywhere.
    for (const [name, bytes] of Object.entries(files)) {
      const text = Buffer.from(bytes).toString('utf8');
      expect(text.includes(other.user.uid), name).toBe(false);
      expect(text.includes(otherTransaction), name).toBe(false);
      expect(text.includes('someone else entirely'), name).toBe(false);
    }

    // The receipt, byte for byte, with its SHA-256.
    expect(manifest.receipts.map((r) => r.ref)).toEqual([rich.receipt]);
    for (const receipt of manifest.receipts) {
      const bytes = files[receipt.path]!;
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(receipt.sha256);
      expect(bytes.length).toBe(receipt.bytes);
      expect(receipt.contentType).toBe('image/jpeg');
    }
    expect(Buffer.from(files[manifest.receipts[0]!.path]!)).toEqual(receiptBytes(`rich ${user.uid}`));

    // history.csv: a record per money event, oldest first, in Thai.
    const history = parseCsv(csvText(files['history.csv']!));
    expect(history[0]).toEqual([
      'วันและเวลา',
      'สิ่งที่เกิดขึ้น',
      'ประเภทข้อมูล',
      'ชื่อ',
      'วันที่',
      'จำนวนเงิน',
      'สกุลเงิน',
      'หมวดหมู่',
      'กระเป๋าเงิน',
      'หมายเหตุ',
      'สิ่งที่เปลี่ยน (ก่อน → หลัง)',
    ]);
    const records = history.slice(1);
    expect(records).toHaveLength(events.filter((e) => HISTORY_EVENT_TYPES.has(e.type)).length);
    expect(records.map((r) => r[0])).toEqual([...records.map((r) => r[0])].sort());
    expect(records.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r[0] ?? ''))).toBe(true);
    // Named as they were then: the category is the one deleted later.
    const edited = records.find((r) => r[1] === 'แก้ไขรายการ');
    expect(edited?.slice(4, 10)).toEqual(['2026-10-03', '40000', 'LAK', 'Snacks', 'BCEL One', 'lunch']);
    expect(edited?.[10]).toContain('จำนวนเงิน: 45000 LAK → 40000 LAK');
    expect(edited?.[10]).toContain('หมายเหตุ: ເຂົ້າປຽກ with friends → lunch');
    expect(records.find((r) => r[1] === 'ทำเครื่องหมายงวดว่าชำระแล้ว')?.[10]).toBe('งวดที่ 1');
    expect(records.find((r) => r[1] === 'ฝากเงินเข้าเป้าหมาย')?.slice(3, 7)).toEqual([
      'ທ່ຽວ',
      '2026-10-10',
      '900000',
      'LAK',
    ]);
    const thai = records.find((r) => r[9]?.startsWith("'=") !== true && r[9]?.includes('ส้มตำ'));
    expect(thai?.[9]).toBe('ส้มตำ, "เผ็ด"\n=ไม่ใช่สูตร');

    // transactions.csv: the CSV export's records in the same language.
    await env.standalone.projector.waitFor(await env.standalone.eventStore.headPosition(), 20_000);
    const exportLink = await api.query<{ url: string }>('export/link?locale=th');
    const exported = await download(exportLink.body.url);
    expect(exported.statusCode).toBe(200);
    expect(Buffer.from(files['transactions.csv']!).toString('utf8')).toBe(exported.rawPayload.toString('utf8'));
    expect(parseCsv(csvText(files['transactions.csv']!)).length).toBeGreaterThan(5);
  });

  it('is read through a 5-minute link bound to its user: altered, expired, other purposes and no token answer 401', async () => {
    const { user, api } = await signedUp(env.standalone);
    await sendOk(api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: { amount: 100, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-10-01',
    });
    const url = await linkOf(user, 'en');
    const token = decodeURIComponent(url.slice(url.indexOf('=') + 1));
    const [head, payload, signature] = token.split('.');
    const altered = `${head}.${payload}.${signature?.startsWith('A') === true ? 'B' : 'A'}${signature?.slice(1)}`;
    expect((await download(`/api/backup/file?token=${altered}`)).statusCode).toBe(401);
    expect((await download('/api/backup/file')).statusCode).toBe(401);
    expect((await download('/api/backup/file?token=')).statusCode).toBe(401);

    const signer = (at: number) => new LinkSigner(linkSecretFromText(LINK_SECRET), () => at);
    const expired = await signer(Date.now() - 301_000).sign({ sub: user.uid, kind: 'backup', obj: 'en' });
    expect((await download(`/api/backup/file?token=${expired}`)).statusCode).toBe(401);
    const exportToken = await signer(Date.now()).sign({ sub: user.uid, kind: 'export', obj: 'en' });
    expect((await download(`/api/backup/file?token=${exportToken}`)).statusCode).toBe(401);

    // Without a signed-in, verified user, no link.
    const anonymous = await env.standalone.app.inject({ method: 'GET', url: `${BACKUP_LINK_PATH}?locale=en` });
    expect(anonymous.statusCode).toBe(401);
    const badLocale = await env.standalone.app.inject({
      method: 'GET',
      url: `${BACKUP_LINK_PATH}?locale=fr`,
      headers: { authorization: user.authorization },
    });
    expect(badLocale.statusCode).toBe(400);

    // One backup at a time per user: a second while the first is prepared is asked to wait.
    const both = await Promise.all([download(url), download(url)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const good = await download(url);
    expect(good.statusCode).toBe(200);
    const manifest = backupManifestSchema.parse(
      JSON.parse(strFromU8(unzipSync(new Uint8Array(good.rawPayload))['manifest.json']!)),
    );
    expect(manifest.sourceUserId).toBe(user.uid);
  });

  it("gives another user's link only that user's own file, and an erased user's link answers 404", async () => {
    const first = await signedUp(env.standalone);
    const second = await signedUp(env.standalone);
    const note = `first's secret ${randomUUID()}`;
    await sendOk(first.api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: { amount: 100, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-10-01',
      note,
    });
    const secondFile = unzipSync(new Uint8Array((await download(await linkOf(second.user, 'en'))).rawPayload));
    const secondManifest = backupManifestSchema.parse(JSON.parse(strFromU8(secondFile['manifest.json']!)));
    expect(secondManifest.sourceUserId).toBe(second.user.uid);
    for (const bytes of Object.values(secondFile)) {
      const text = Buffer.from(bytes).toString('utf8');
      expect(text.includes(first.user.uid)).toBe(false);
      expect(text.includes(note)).toBe(false);
    }

    const firstLink = await linkOf(first.user, 'lo');
    const deleted = await first.api.command('DeleteAccount', {
      confirmEmail: first.user.email,
      confirmPhrase: 'Delete My Account',
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await download(firstLink)).statusCode).toBe(404);
  });
});
