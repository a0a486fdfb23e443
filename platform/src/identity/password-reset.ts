import type { AttemptCounter } from './attempt-limits.js';
import { IdentityError, RESET_CODE_MS, checkedNewPassword, refuseWhileLimited, secret } from './identity-rules.js';
import type { IdentityStore } from './identity-store.js';
import { hashPassword } from './password-hash.js';

/** Password reset by a one-time code mailed to the account's address. */
export class PasswordReset {
  constructor(
    private readonly store: IdentityStore,
    private readonly now: () => number,
    /** Attempts with a code, per client: codes cannot be guessed by trying. */
    private readonly codesByClient: AttemptCounter,
  ) {}

  /** A reset code for the account of an address; null when there is none. */
  codeFor(email: string): string | null {
    const user = this.store.userByEmail(email);
    if (user === null) return null;
    const code = secret();
    this.store.insertActionCode(code, {
      uid: user.uid,
      kind: 'PASSWORD_RESET',
      provider: null,
      expiresAt: this.now() + RESET_CODE_MS,
    });
    return code;
  }

  private use(code: unknown, client: string) {
    if (typeof code !== 'string' || code === '' || code.length > 256) throw new IdentityError('INVALID_OOB_CODE');
    refuseWhileLimited([this.codesByClient, client]);
    this.codesByClient.record(client);
    const record = this.store.actionCode(code);
    if (record === null || record.kind !== 'PASSWORD_RESET' || record.usedAt !== null) {
      throw new IdentityError('INVALID_OOB_CODE');
    }
    if (record.expiresAt < this.now()) throw new IdentityError('EXPIRED_OOB_CODE');
    const user = this.store.user(record.uid);
    if (user === null || user.email === null) throw new IdentityError('INVALID_OOB_CODE');
    return { record, user };
  }

  /** The address a reset code is for. */
  check(code: unknown, client: string): string {
    return this.use(code, client).user.email ?? '';
  }

  /** Sets the new password with a reset code, once; every session of the account ends. */
  async resetPassword(code: unknown, newPassword: unknown, client: string): Promise<string> {
    const { user } = this.use(code, client);
    const password = checkedNewPassword(newPassword);
    const hash = await hashPassword(password);
    const now = this.now();
    this.store.transaction(() => {
      if (!this.store.useActionCode(code as string, now)) throw new IdentityError('INVALID_OOB_CODE');
      this.store.setPassword(user.uid, hash, now);
    });
    return user.email ?? '';
  }
}
