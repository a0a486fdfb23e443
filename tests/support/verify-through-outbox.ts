import { randomUUID } from 'node:crypto';
import { mailedCode } from './outbox.js';
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
  const code = await mailedCode(outboxDir, user.email, /\b(\d{6})\b/);
  await command('VerifyEmail', { code });
}
