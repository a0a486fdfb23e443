import { readOutbox, type OutboxMessage } from '@plenty/platform/mail/outbox';
import { until } from './until.js';

/** Waits until the outbox folder holds at least `count` mails to `to`; answers them, oldest first. */
export async function mailsTo(outboxDir: string, to: string, count = 1, timeoutMs = 15_000): Promise<OutboxMessage[]> {
  let mails: OutboxMessage[] = [];
  await until(
    `${count} mail(s) to ${to}`,
    async () => {
      mails = (await readOutbox(outboxDir)).filter((mail) => mail.to === to);
      return mails.length >= count;
    },
    { timeoutMs, everyMs: 50 },
  );
  return mails;
}

/**
 * Waits until a mail to `to` in the outbox folder has text `pattern` matches; answers the first
 * group of the match in the newest such mail (a code, a link's token).
 */
export async function mailedCode(outboxDir: string, to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  let code: string | undefined;
  await until(
    `a mail to ${to} matching ${String(pattern)}`,
    async () => {
      const mails = (await readOutbox(outboxDir)).filter((mail) => mail.to === to);
      code = mails.map((mail) => pattern.exec(mail.text)?.[1]).findLast((found) => found !== undefined);
      return code !== undefined;
    },
    { timeoutMs, everyMs: 50 },
  );
  return code ?? '';
}
