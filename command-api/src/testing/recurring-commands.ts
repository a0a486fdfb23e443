import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { profileCommandSchemas, type ProfileCommand } from '@plenty/contracts/commands/profile';
import {
  postOccurrenceSchema,
  recurringCommandSchemas,
  type PostOccurrence,
  type RecurringCommand,
} from '@plenty/contracts/recurring';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { runCommand, type PipelineDeps } from '../pipeline/run-command.js';
import { ProfileCache } from '../profile/profile-cache.js';
import { profileStream } from '../profile/profile.stream.js';
import { recurringStream } from '../recurring/recurring.stream.js';
import { postOccurrenceStream } from '../transaction/post-occurrence.stream.js';
import { testCaller } from './stores.js';

/**
 * Real stores for the recurring tests of one file (opened before them, closed after), the
 * pipeline's dependencies at a fixed `now`, the profile cache, and senders of the recurring,
 * profile and PostOccurrence commands with fresh command ids.
 */
export function useRecurringStores(name: string, now: Date) {
  let stores: TestStores | null = null;
  let profiles: ProfileCache | null = null;
  const opened = () => {
    if (stores === null || profiles === null) throw new Error('the recurring test stores are not open');
    return { stores, profiles };
  };
  beforeAll(async () => {
    stores = await openTestStores(name);
    profiles = new ProfileCache(stores.eventStore, stores.codec);
  });
  afterAll(() => stores?.close());

  const bench = {
    get eventStore(): EventStore {
      return opened().stores.eventStore;
    },
    get profiles(): ProfileCache {
      return opened().profiles;
    },
    get deps(): PipelineDeps {
      const { stores: open } = opened();
      return { eventStore: open.eventStore, codec: open.codec, now: () => now };
    },
    /** What the recurring and PostOccurrence streams are made from. */
    get streamDeps() {
      const { stores: open, profiles: cache } = opened();
      return { profiles: cache, eventStore: open.eventStore, codec: open.codec };
    },
    rule(user: VerifiedUser, type: RecurringCommand['type'], body: Record<string, unknown>) {
      const data = recurringCommandSchemas[type].parse({ commandId: randomUUID(), ...body });
      return runCommand(
        bench.deps,
        recurringStream(bench.streamDeps),
        { type, data } as RecurringCommand,
        testCaller(user),
      );
    },
    /** Creates a daily rent of 150,000 kip, posted automatically, from 20 November 2026, with `fields` over it; answers its id. */
    async dailyRule(user: VerifiedUser, fields: Record<string, unknown> = {}): Promise<string> {
      const ruleId = randomUUID();
      await bench.rule(user, 'CreateRecurringRule', {
        ruleId,
        type: 'expense',
        amount: { amount: 150_000, currency: 'LAK' },
        categoryId: 'builtin-housing',
        note: 'Rent',
        mode: 'auto',
        remind: false,
        schedule: { frequency: 'day', interval: 1, startDate: '2026-11-20', end: { kind: 'never' } },
        ...fields,
      });
      return ruleId;
    },
    profile(user: VerifiedUser, type: ProfileCommand['type'], body: Record<string, unknown>) {
      const data = profileCommandSchemas[type].parse({ commandId: randomUUID(), ...body });
      return runCommand(bench.deps, profileStream, { type, data } as ProfileCommand, testCaller(user));
    },
    post(user: VerifiedUser, body: Record<string, unknown>) {
      const data = postOccurrenceSchema.parse({ commandId: randomUUID(), ...body });
      const definition = postOccurrenceStream(bench.streamDeps);
      return runCommand(bench.deps, definition, { type: 'PostOccurrence', data } as PostOccurrence, testCaller(user));
    },
  };
  return bench;
}
