import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { MailLog, Mailer } from './port.js';
import { writeFileDurably } from '../durable-file.js';

export const outboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  sentAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * Without SMTP, mail is written to the log and, one JSON file per message
 * (`<ISO time>-<uuid>.json` holding `{ to, subject, text, html?, sentAt }`), into a folder:
 * development, tests and browser journeys read codes and links from there.
 */
export function outboxMailer(options: { dir: string; log: MailLog; now?: () => Date }): Mailer {
  const now = options.now ?? (() => new Date());
  return {
    async send(message) {
      const sentAt = now().toISOString();
      const record: OutboxMessage = { to: message.to, subject: message.subject, text: message.text, sentAt };
      if (message.html !== undefined) record.html = message.html;
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const name = `${sentAt}-${randomUUID()}.json`;
      // Written under a temporary name and renamed, so a reader never sees half a message.
      await writeFileDurably(join(options.dir, name), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
      options.log.info({ mail: { to: message.to, subject: message.subject, text: message.text, file: name } }, 'mail');
    },
    async close() {},
  };
}

/** The messages in an outbox folder, oldest first (their names start with the time). */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  return Promise.all(
    files.map(async (name) => outboxMessageSchema.parse(JSON.parse(await readFile(join(dir, name), 'utf8')))),
  );
}
