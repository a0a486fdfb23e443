import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { MailLog, Mailer } from './port.js';
import { syncFolder, writeFileDurably } from '../durable-file.js';

export const outboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  sentAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * Without SMTP, mail is written, one JSON file per message (`<ISO time>-<uuid>.json` holding
 * `{ to, subject, text, html?, sentAt }`), into a folder: development, tests and browser
 * journeys read codes and links from there. The log names the file only: an address, a code
 * or a link never goes to the log. An erased account's messages are deleted (`deleteMailTo`).
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
      options.log.info({ mail: { file: name } }, 'mail written to the outbox');
    },
    deleteMailTo: (address) => deleteOutboxMailTo(options.dir, address),
    async close() {},
  };
}

/** The names of the messages in an outbox folder, oldest first (they start with the time). */
async function messageFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
}

/** The messages in an outbox folder, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  const files = await messageFiles(dir);
  return Promise.all(
    files.map(async (name) => outboxMessageSchema.parse(JSON.parse(await readFile(join(dir, name), 'utf8')))),
  );
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Deletes every message to the address (case and spaces ignored) from an outbox folder, and
 * the folder's entries durably; answers how many. A file that is not a message is left.
 */
export async function deleteOutboxMailTo(dir: string, address: string): Promise<number> {
  let deleted = 0;
  for (const name of await messageFiles(dir)) {
    const path = join(dir, name);
    let to: unknown;
    try {
      to = (JSON.parse(await readFile(path, 'utf8')) as { to?: unknown }).to;
    } catch {
      continue;
    }
    if (typeof to !== 'string' || !sameAddress(to, address)) continue;
    await unlink(path).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
    deleted += 1;
  }
  if (deleted > 0) await syncFolder(dir);
  return deleted;
}
