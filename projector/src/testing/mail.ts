import { randomUUID } from 'node:crypto';
import { beforeEach } from 'vitest';
import { eventIdFor } from '@plenty/contracts/ids';
import { fakeUserDirectory } from '@plenty/platform/auth/user-directory';
import type { MailMessage, Mailer } from '@plenty/platform/mail/port';
import { useTestReadStore, useTestStores } from '@plenty/platform/testing/stores';
import { projectorOver } from './projector.js';

/**
 * What a scheduled mailer's tests share: test stores named `name`, a read store, a user directory
 * of `emails`, a mailer that keeps what it sends in `sent` (emptied before each test), events
 * appended as a user's own, and a projector that catches the read store up.
 */
export function useMailTest(name: string, emails: Record<string, string>) {
  const stores = useTestStores(name);
  const read = useTestReadStore(stores);
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
  beforeEach(() => {
    sent.length = 0;
  });

  async function append(userId: string, streamId: string, type: string, data: Record<string, unknown>) {
    const commandId = randomUUID();
    const event = await stores.codec.encode({
      id: eventIdFor(commandId, 0),
      type,
      data,
      metadata: {
        userId,
        commandId,
        correlationId: commandId,
        occurredAt: '2026-11-01T00:00:00.000Z',
        schemaVersion: 1,
      },
    });
    await stores.eventStore.appendToStream(streamId, [event], 'any');
  }

  return {
    stores,
    read,
    sent,
    mailer,
    users: fakeUserDirectory(emails),
    append,
    preferences: (userId: string, changes: Record<string, unknown>) =>
      append(userId, `profile-${userId}`, 'PreferencesChanged', { changes }),
    project: async (): Promise<void> => {
      await projectorOver(stores, { readStore: read.store }).catchUp();
    },
  };
}
