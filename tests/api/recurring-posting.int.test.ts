import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { streamIds } from '@plenty/contracts/events/envelope';
import { eventIdFor } from '@plenty/contracts/ids';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { RecurringRuleDetail } from '@plenty/contracts/views/recurring';
import { ErasureRecord } from '@plenty/platform/auth/erased-users';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { metadataOf } from '@plenty/platform/testing/new-event';
import { ProfileCache } from '@plenty/command-api/profile/profile-cache';
import { RecurringPoster } from '@plenty/command-api/recurring/poster';
import { recurringPosting } from '@plenty/command-api/recurring/posting';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import type { ApiClient } from '../support/api-client.js';
import { createRule, userWith } from '../support/recurring.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { openWallet, queryOk, sendOk } from '../support/wallets.js';

/*
 * The server's poster over the embedded default: the test drives its ticks with a clock of its
 * own (no timer: RECURRING_INTERVAL_MS 0) and counts what the event store holds.
 */

let clock = new Date();
const env = useTestStandalone({ recurringIntervalMs: 0, recurringClock: () => clock });
const utcToday = localDate(new Date(), 'UTC');

beforeAll(() => {
  clock = new Date();
});

/** Waits until the read models have applied every stored event. */
async function settle(): Promise<void> {
  const { projector, eventStore } = env.standalone;
  await projector.waitFor(await eventStore.headPosition(), 15_000);
}

const userIn = (timeZone: string) => userWith(env.standalone, { timeZone, currency: 'LAK' });

/** Creates a daily rule of 150,000 kip rent from `startDate`; answers its id. */
const dailyRule = (
  api: ApiClient,
  startDate: string,
  fields: Record<string, unknown> = {},
  schedule: Record<string, unknown> = {},
) => createRule(api, { note: 'Rent', ...fields }, { frequency: 'day', startDate, ...schedule });

const days = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));

/** Each date's occurrence transaction stream: how many events it holds, and where its first one is. */
async function streamsOf(uid: string, ruleId: string, dates: readonly string[]) {
  return Promise.all(
    dates.map(async (date) => {
      const events = await env.standalone.eventStore.readStream(
        streamIds.transaction(occurrenceTransactionId(uid, ruleId, date)),
      );
      return { date, count: events.length, types: events.map((e) => e.type), position: events[0]?.position ?? null };
    }),
  );
}

/** The dates posted for the rule, from the transactions view (oldest first). */
async function postedDates(api: ApiClient, ruleId: string): Promise<string[]> {
  const page = await queryOk<{ items: { recurrence?: { date: string } | null }[] }>(
    api,
    `transactions?ruleId=${ruleId}&limit=100`,
  );
  return page.items.map((item) => item.recurrence?.date ?? 'none').sort();
}

/** A poster of its own beside the server's: another pipeline (own profile cache) over the same event store. */
function secondPoster(readStore = env.standalone.readStore): RecurringPoster {
  const { eventStore, codec } = env.standalone;
  return new RecurringPoster({
    readStore,
    posting: recurringPosting({
      eventStore,
      codec,
      now: () => new Date(),
      profiles: new ProfileCache(eventStore, codec),
    }),
    erasedUsers: new ErasureRecord(eventStore),
    intervalMs: 0,
    now: () => clock,
  });
}

describe('the recurring poster over the embedded default', { timeout: 60_000 }, () => {
  it('posts an occurrence when its date is today in the user’s time zone: in Vientiane before Honolulu', async () => {
    const day = addDays(utcToday, 1);
    const vientiane = await userIn('Asia/Vientiane');
    const honolulu = await userIn('Pacific/Honolulu');
    const once = { end: { kind: 'after', count: 1 } };
    const inVientiane = await dailyRule(vientiane.api, day, {}, once);
    const inHonolulu = await dailyRule(honolulu.api, day, {}, once);
    await settle();

    // 20:00 UTC the day before: 03:00 on `day` in Vientiane (UTC+7), 10:00 the day before in Honolulu (UTC−10).
    clock = new Date(`${addDays(day, -1)}T20:00:00Z`);
    await env.standalone.recurringPoster.tick();
    await settle();
    expect((await streamsOf(vientiane.uid, inVientiane, [day]))[0]?.count).toBe(1);
    expect((await streamsOf(honolulu.uid, inHonolulu, [day]))[0]?.count).toBe(0);

    // 11:00 UTC on `day`: 01:00 in Honolulu.
    clock = new Date(`${day}T11:00:00Z`);
    await env.standalone.recurringPoster.tick();
    await settle();
    expect(await postedDates(vientiane.api, inVientiane)).toEqual([day]);
    expect(await postedDates(honolulu.api, inHonolulu)).toEqual([day]);
    expect((await streamsOf(vientiane.uid, inVientiane, [day]))[0]?.count).toBe(1);
  });

  it('catches up after a week: the seven missed daily occurrences, oldest first, once', async () => {
    clock = new Date();
    const { api, uid } = await userIn('UTC');
    const from = addDays(utcToday, -6);
    const ruleId = await dailyRule(api, from);
    await settle();

    const first = await env.standalone.recurringPoster.tick();
    await settle();
    const streams = await streamsOf(uid, ruleId, days(from, 8));
    expect(streams.map((s) => s.count)).toEqual([1, 1, 1, 1, 1, 1, 1, 0]);
    const positions = streams.slice(0, 7).map((s) => BigInt(s.position ?? '0'));
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
    expect(first.posted).toBeGreaterThanOrEqual(7);
    expect(await postedDates(api, ruleId)).toEqual(days(from, 7));

    const again = await env.standalone.recurringPoster.tick();
    await settle();
    expect((await streamsOf(uid, ruleId, days(from, 7))).every((s) => s.count === 1)).toBe(true);
    expect(await postedDates(api, ruleId)).toEqual(days(from, 7));
    const detail = await queryOk<RecurringRuleDetail>(api, `recurring/${ruleId}`);
    expect(detail).toMatchObject({ postedCount: 7, lastPostedOn: utcToday, nextDue: addDays(utcToday, 1) });
    expect(again.failed).toBe(0);
  });

  it('posts nothing for a rule that waits for the user to confirm', async () => {
    clock = new Date();
    const { api, uid } = await userIn('UTC');
    const from = addDays(utcToday, -2);
    const ruleId = await dailyRule(api, from, { mode: 'confirm' });
    await settle();
    await env.standalone.recurringPoster.tick();
    await settle();
    expect((await streamsOf(uid, ruleId, days(from, 3))).map((s) => s.count)).toEqual([0, 0, 0]);
    const detail = await queryOk<RecurringRuleDetail>(api, `recurring/${ruleId}`);
    expect(detail.waiting.map((o) => [o.date, o.state])).toEqual(days(from, 3).map((date) => [date, 'due']));
  });

  it('posts nothing while a rule is paused, and after resuming skips the days it was paused', async () => {
    clock = new Date();
    const { api, uid } = await userIn('UTC');
    const from = addDays(utcToday, -10);
    const pausedOn = addDays(utcToday, -6);
    const ruleId = await dailyRule(api, from);
    // Paused six days ago, before the poster got to it (the server was stopped): recorded as the pipeline would.
    const stream = streamIds.recurring(ruleId);
    const head = (await env.standalone.eventStore.readStream(stream)).at(-1);
    const commandId = uuidV7();
    await env.standalone.eventStore.appendToStream(
      stream,
      [
        await env.standalone.codec.encode({
          id: eventIdFor(commandId, 0),
          type: 'RecurringRulePaused',
          data: { ruleId, on: pausedOn },
          metadata: metadataOf(uid, commandId),
        }),
      ],
      head?.revision ?? 'no_stream',
    );
    await settle();
    await env.standalone.recurringPoster.tick();
    await settle();
    expect((await streamsOf(uid, ruleId, days(from, 11))).every((s) => s.count === 0)).toBe(true);

    await sendOk(api, 'ResumeRecurringRule', { ruleId });
    await settle();
    await env.standalone.recurringPoster.tick();
    await settle();
    const counts = await streamsOf(uid, ruleId, days(from, 11));
    // The four days before the pause and today; the paused days from `pausedOn` to yesterday are skipped.
    expect(counts.filter((s) => s.count === 1).map((s) => s.date)).toEqual([...days(from, 4), utcToday]);
    expect(counts.every((s) => s.count <= 1)).toBe(true);
    const detail = await queryOk<RecurringRuleDetail>(api, `recurring/${ruleId}`);
    expect(detail).toMatchObject({ status: 'active', postedCount: 5, nextDue: addDays(utcToday, 1) });
  });

  it('holds a rule whose wallet was archived, and posts nothing more from it', async () => {
    const { api, uid } = await userIn('UTC');
    const walletId = await openWallet(api);
    const from = addDays(utcToday, -2);
    const ruleId = await dailyRule(api, from, { walletId });
    await settle();
    // Yesterday evening: the first two are posted into the wallet.
    clock = new Date(`${addDays(utcToday, -1)}T20:00:00Z`);
    await env.standalone.recurringPoster.tick();
    await settle();
    await sendOk(api, 'ArchiveWallet', { walletId });
    await settle();

    clock = new Date();
    const held = await env.standalone.recurringPoster.tick();
    await settle();
    expect(held.held).toBe(1);
    const detail = await queryOk<RecurringRuleDetail>(api, `recurring/${ruleId}`);
    expect(detail).toMatchObject({ status: 'held', heldOn: utcToday });
    expect(detail.heldReason).toMatch(/wallet/);
    const ruleEvents = await env.standalone.eventStore.readStream(streamIds.recurring(ruleId));
    expect(ruleEvents.filter((e) => e.type === 'RecurringRuleHeld')).toHaveLength(1);

    // Ticking again posts nothing and holds nothing twice.
    clock = new Date(`${utcToday}T23:59:00Z`);
    await env.standalone.recurringPoster.tick();
    await settle();
    expect((await streamsOf(uid, ruleId, days(from, 3))).map((s) => s.count)).toEqual([1, 1, 0]);
    expect(
      (await env.standalone.eventStore.readStream(streamIds.recurring(ruleId))).filter(
        (e) => e.type === 'RecurringRuleHeld',
      ),
    ).toHaveLength(1);
  });

  it('with two posters ticking at once over one event store, posts each occurrence once', async () => {
    // A time of the UTC day on which Bangkok and Vientiane (UTC+7) have the same date as UTC, so
    // every user's today is the same day whatever the hour the test runs at.
    clock = new Date(`${utcToday}T06:00:00Z`);
    const users = await Promise.all([userIn('Asia/Bangkok'), userIn('UTC'), userIn('Asia/Vientiane')]);
    const from = addDays(utcToday, -9);
    const rules: { uid: string; ruleId: string }[] = [];
    for (const { api, uid } of users) {
      for (let i = 0; i < 4; i += 1) rules.push({ uid, ruleId: await dailyRule(api, from) });
    }
    await settle();
    const [one, two] = await Promise.all([env.standalone.recurringPoster.tick(), secondPoster().tick()]);
    await settle();
    for (const { uid, ruleId } of rules) {
      const streams = await streamsOf(uid, ruleId, days(from, 10));
      expect(streams.map((s) => s.count)).toEqual(Array.from({ length: 10 }, () => 1));
    }
    // Both went through every occurrence; a racing second append of the same command (same
    // event ids) is the store's deduplicated retry, so either may count it as its own.
    expect(one.posted + one.alreadyPosted + two.posted + two.alreadyPosted).toBeGreaterThanOrEqual(rules.length * 10);
    for (const { uid, ruleId } of rules.slice(0, 4)) {
      const { api } = users.find((user) => user.uid === uid) ?? {};
      if (api !== undefined) expect(await postedDates(api, ruleId)).toEqual(days(from, 10));
    }
    expect(one.failed + two.failed).toBe(0);
  });

  it('posts nothing again after the read models are rebuilt from the events', async () => {
    clock = new Date();
    const { api, uid } = await userIn('UTC');
    const from = addDays(utcToday, -3);
    const ruleId = await dailyRule(api, from);
    await settle();
    await env.standalone.recurringPoster.tick();
    await settle();
    const headBefore = await env.standalone.eventStore.headPosition();

    const path = join(env.dataDir, 'rebuilt.db');
    const rebuilt = await openSqliteReadStore({ path });
    try {
      const { eventStore, codec } = env.standalone;
      await createProjector({ eventStore, readStore: rebuilt, codec, projections: allProjections }).rebuild();
      const afterRebuild = await secondPoster(rebuilt).tick();
      expect(afterRebuild).toMatchObject({ posted: 0, alreadyPosted: 0, held: 0, failed: 0 });
    } finally {
      await rebuilt.close();
      await rm(path, { force: true });
    }
    expect(await env.standalone.eventStore.headPosition()).toBe(headBefore);
    expect((await streamsOf(uid, ruleId, days(from, 4))).every((s) => s.count === 1)).toBe(true);
    expect(await postedDates(api, ruleId)).toEqual(days(from, 4));
  });
});
