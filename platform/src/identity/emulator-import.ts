import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { syncFolder } from '../durable-file.js';
import type { IdentityStore } from './identity-store.js';
import type { IdentityUser } from './identity-records.js';
import { hashPassword } from './password-hash.js';

/** What the Firebase Auth emulator exported at its last clean stop (`auth_export/accounts.json`). */
const exportedAccounts = z.object({
  users: z
    .array(
      z.looseObject({
        localId: z.string().min(1).max(128),
        email: z.string().optional(),
        emailVerified: z.boolean().optional(),
        displayName: z.string().optional(),
        photoUrl: z.string().optional(),
        passwordHash: z.string().optional(),
        createdAt: z.string().optional(),
        lastLoginAt: z.string().optional(),
        passwordUpdatedAt: z.number().optional(),
        disabled: z.boolean().optional(),
      }),
    )
    .default([]),
});

/** The emulator keeps the password itself: `fakeHash:salt=<salt>:password=<password>`. */
function emulatorPassword(passwordHash: string | undefined): string | null {
  const match = /^fakeHash:salt=[^:]*:password=([\s\S]*)$/.exec(passwordHash ?? '');
  return match?.[1] ?? null;
}

function millis(value: string | number | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export interface EmulatorImport {
  readonly imported: number;
  readonly kept: number;
}

/**
 * Moves the accounts of a data folder made by the emulator-based embedded default into the
 * identity store: same uid (so their data stays theirs), the password hashed with scrypt, the
 * verified flag as it was. The accounts are committed first, then the emulator's folder
 * (whose files hold the passwords in plain text) is removed; a crash in between runs the
 * import again at the next start, which keeps the accounts already there.
 */
export async function importEmulatorAccounts(
  dataDir: string,
  store: IdentityStore,
  now = Date.now(),
): Promise<EmulatorImport | null> {
  const authDir = join(dataDir, 'auth');
  const accountsPath = join(authDir, 'export', 'auth_export', 'accounts.json');
  if (!existsSync(authDir)) return null;
  let users: z.infer<typeof exportedAccounts>['users'] = [];
  if (existsSync(accountsPath)) {
    users = exportedAccounts.parse(JSON.parse(await readFile(accountsPath, 'utf8'))).users;
  }
  const prepared: IdentityUser[] = [];
  for (const account of users) {
    if (store.user(account.localId) !== null) continue;
    const password = emulatorPassword(account.passwordHash);
    prepared.push({
      uid: account.localId,
      email: account.email ?? null,
      emailVerified: account.emailVerified ?? false,
      displayName: account.displayName ?? null,
      photoUrl: account.photoUrl ?? null,
      passwordHash: password === null ? null : await hashPassword(password),
      createdAt: millis(account.createdAt, now),
      lastLoginAt: account.lastLoginAt === undefined ? null : millis(account.lastLoginAt, now),
      passwordUpdatedAt: password === null ? null : millis(account.passwordUpdatedAt, now),
      sessionVersion: 1,
      disabled: account.disabled ?? false,
    });
  }
  const imported = store.transaction(() => prepared.filter((user) => store.insertUser(user)).length);
  await rm(authDir, { recursive: true, force: true });
  await syncFolder(dataDir);
  return { imported, kept: users.length - prepared.length };
}
