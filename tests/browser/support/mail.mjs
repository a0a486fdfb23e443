// The embedded default's outbox: which data folder each journey server uses, the mails written
// there, and the codes and links in them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the journeys' servers keep their data: each server's outbox holds its users' codes. */
const dataDirs = new Map();

/** Tells the helpers where the server at this address keeps its data folder (and so its outbox). */
export function knowServer(baseUrl, dataDir) {
  dataDirs.set(baseUrl, dataDir);
}

/** The data folder of the server at this address (knowServer). */
export function dataDirOf(baseUrl) {
  const dataDir = dataDirs.get(baseUrl);
  if (dataDir === undefined) throw new Error(`no data folder known for ${baseUrl} (knowServer)`);
  return dataDir;
}

/**
 * The newest mail to this address in the embedded default's outbox (`<DATA_DIR>/outbox`),
 * written after `since` (ms) and `matching` (a test of the mail) if given; waits for it up to 15 s.
 */
export async function waitForMail(dataDir, to, { since = 0, timeout = 15_000, matching = () => true } = {}) {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + timeout;
  for (;;) {
    let names = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
    } catch {
      // No mail yet.
    }
    const mails = names
      .sort()
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
      .filter((mail) => mail.to.toLowerCase() === to.toLowerCase() && Date.parse(mail.sentAt) >= since)
      .filter(matching);
    if (mails.length > 0) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit verification code of a mail. */
export function codeIn(mail) {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (code === undefined) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The reset-password link of a mail, as a path on this site. */
export function resetLinkIn(mail) {
  const link = /https?:\/\/\S+\/auth\/reset-password\/\S+/.exec(mail.text)?.[0];
  if (link === undefined) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
