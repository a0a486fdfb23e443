import type { RequestPasswordReset } from '@plenty/contracts/commands/account';
import type { IdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import { passwordResetMail, type MailLocale } from '@plenty/platform/mail/messages';
import type { Mailer } from '@plenty/platform/mail/port';

export interface PasswordResetDeps {
  readonly identity: IdentityProviderAdmin;
  readonly mailer: Mailer;
  /** Where the web app is served, e.g. `https://plenty.example`; no trailing slash. */
  readonly appOrigin: string;
}

const LOCALE_PREFIX: Record<MailLocale, string> = { en: '', th: '/th', lo: '/lo' };

/** The app's page that takes the one-time code and a new password. */
export function resetPasswordLink(appOrigin: string, locale: MailLocale, oobCode: string): string {
  return `${appOrigin}${LOCALE_PREFIX[locale]}/auth/reset-password/${encodeURIComponent(oobCode)}`;
}

/** Mails a reset link when an account has the address; otherwise does nothing. */
export async function mailPasswordReset(deps: PasswordResetDeps, command: RequestPasswordReset): Promise<boolean> {
  const oobCode = await deps.identity.passwordResetCode(command.email);
  if (oobCode === null) return false;
  const link = resetPasswordLink(deps.appOrigin, command.locale, oobCode);
  await deps.mailer.send(passwordResetMail(command.locale, command.email, link));
  return true;
}

/**
 * Runs reset requests one after another after their answers went out, so the answer
 * takes the same time whether or not the address has an account.
 */
export class BackgroundQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly maxPending = 1000,
  ) {}

  /** False when too much is waiting already (the work is dropped). */
  push(work: () => Promise<unknown>): boolean {
    if (this.pending >= this.maxPending) return false;
    this.pending += 1;
    this.tail = this.tail
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => this.onError(error),
      )
      .finally(() => {
        this.pending -= 1;
      });
    return true;
  }

  /** Resolves when everything queued so far is done. */
  idle(): Promise<void> {
    return this.tail;
  }
}
