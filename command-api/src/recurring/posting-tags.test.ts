import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { streamIds } from '@plenty/contracts/events/envelope';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import { useRecurringStores } from '../testing/recurring-commands.js';
import { testUser } from '../testing/stores.js';
import { postOccurrences } from './posting.js';

/*
 * The server's poster folds a rule's own stream: the profile's tag renames and deletions are
 * folded in among its events in the order they were stored, so what it posts carries the tags
 * as they are now, and a rule given a tag after a rename keeps the tag it was given.
 */

const now = new Date('2026-11-27T10:30:00.000Z');
const bench = useRecurringStores('recurring-posting-tags', now);
const { profile } = bench;
const postingDeps = () => ({ ...bench.deps, profiles: bench.profiles });

/** A daily split rent of 150,000 kip with tags, posted automatically, from 20 November 2026. */
const taggedRule = (user: VerifiedUser, tags: string[]): Promise<string> =>
  bench.dailyRule(user, {
    splits: [
      { categoryId: 'builtin-housing', amount: 120_000 },
      { categoryId: 'builtin-utilities', amount: 30_000, note: 'Water' },
    ],
    tags,
  });

async function posted(uid: string, ruleId: string, date: string) {
  const [event] = await bench.eventStore.readStream(streamIds.transaction(occurrenceTransactionId(uid, ruleId, date)));
  return event === undefined ? undefined : (await bench.deps.codec.decode(event)).data;
}

describe('the poster and tags renamed or deleted', () => {
  it('posts the lines and the tags as renamed, merged and deleted since the rule was given them', async () => {
    const user = testUser(`tags-${randomUUID()}`);
    const ruleId = await taggedRule(user, ['home', 'Flat', 'Vientiane']);
    await profile(user, 'RenameTag', { from: 'HOME', to: 'House' });
    await profile(user, 'RenameTag', { from: 'flat', to: 'house' });
    await profile(user, 'DeleteTag', { tag: 'vientiane' });
    // Read once before the renames by the cache, then brought up to date.
    const outcomes = await postOccurrences(postingDeps(), { userId: user.uid, ruleId, dates: ['2026-11-20'] });
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['posted']);
    expect(await posted(user.uid, ruleId, '2026-11-20')).toMatchObject({
      splits: [
        { categoryId: 'builtin-housing', amount: 120_000 },
        { categoryId: 'builtin-utilities', amount: 30_000, note: 'Water' },
      ],
      tags: ['House'],
    });
  });

  it('keeps a tag a rule was given after another was renamed to it', async () => {
    const user = testUser(`later-${randomUUID()}`);
    await profile(user, 'RenameTag', { from: 'home', to: 'House' });
    const ruleId = await taggedRule(user, ['home']);
    await postOccurrences(postingDeps(), { userId: user.uid, ruleId, dates: ['2026-11-20'] });
    expect(await posted(user.uid, ruleId, '2026-11-20')).toMatchObject({ tags: ['home'] });
  });
});
