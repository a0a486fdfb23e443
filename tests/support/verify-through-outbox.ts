import { randomUUID } from 'node:crypto';
import { readOutbox } from '@plenty/platform/mail/outbox';
import type { TestUser } from './users.js';

/**
 * Verifies a user of a running server as a person does: asks for a code, reads it from the
 * mail in the server's outbox, and enters it.
 */
export async function verifyThroughOutbox(baseUrl: string, user: TestUser, outboxDir: string): Promise<void> {
  const command = async (name: string, payload: object) => {
    const response = await fetch(`${baseUrl}/api/commands/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: user.authorization },
      body: JSON.stringify({ commandId: randomUUID(), ...payload }),
    });
    if (response.status !== 200) throw new Error(`${name} failed: ${response.status} ${await response.text()}`);
  };
  await command('SendVerificationCode', { locale: 'en' });
  const deadline = Date.now() + 15_000;
  let code: string | undefined;
  while (code === undefined) {
    const mail = (await readOutbox(outboxDir)).filter((m) => m.to === user.email).at(-1);
    code = mail === undefined ? undefined : /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code !== undefined) break;
    if (Date.now() > deadline) throw new Error(`no verification code was mailed to ${user.email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await command('VerifyEmail', { code });
}
