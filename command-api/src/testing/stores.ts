import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import type { CommandCaller } from '../pipeline/stream-definition.js';

/** An event store and a key store in SQLite files of a new temporary folder, as a test uses them. */
export interface TestStores {
  readonly dir: string;
  readonly eventStore: EventStore;
  readonly keyStore: KeyStore;
  readonly codec: EventCodec;
  /** Closes both stores and removes the folder. */
  close(): Promise<void>;
}

export async function openTestStores(name: string): Promise<TestStores> {
  const dir = mkdtempSync(join(tmpdir(), `plenty-${name}-`));
  const eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  const keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
  return {
    dir,
    eventStore,
    keyStore,
    codec: new EventCodec(keyStore),
    async close() {
      await Promise.all([eventStore.close(), keyStore.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A signed-in user with a verified email, `<uid>@example.test`. */
export function testUser(uid: string, overrides: Partial<VerifiedUser> = {}): VerifiedUser {
  return {
    uid,
    email: `${uid}@example.test`,
    emailVerified: true,
    expiresAt: 4_000_000_000,
    authTime: 1_700_000_000,
    ...overrides,
  };
}

/** A caller of the pipeline whose reactions' errors are kept in `errors`. */
export function testCaller(user: VerifiedUser, errors: unknown[] = []): CommandCaller {
  return { user, log: { error: (error: unknown) => void errors.push(error), warn: () => undefined } };
}
