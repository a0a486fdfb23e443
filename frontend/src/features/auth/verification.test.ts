import { VERIFICATION } from '@plenty/contracts/commands/account';
import { describe, expect, it } from 'vitest';
import { RESEND_AFTER_SECONDS, secondsUntilResend, sendCode, sentAtFromRetryAfter } from './verification';

describe('the verification code cool-down', () => {
  it('waits as long as the server does', () => {
    expect(RESEND_AFTER_SECONDS).toBe(VERIFICATION.resendAfterSeconds);
  });

  it('counts down the 60 seconds after a code was sent', () => {
    expect(secondsUntilResend(null, 1_000)).toBe(0);
    expect(secondsUntilResend(10_000, 10_000)).toBe(60);
    expect(secondsUntilResend(10_000, 10_500)).toBe(60);
    expect(secondsUntilResend(10_000, 69_001)).toBe(1);
    expect(secondsUntilResend(10_000, 70_000)).toBe(0);
  });

  it('follows the server when it says how long to wait', () => {
    const now = 100_000;
    expect(secondsUntilResend(sentAtFromRetryAfter(15, now), now)).toBe(15);
    expect(secondsUntilResend(sentAtFromRetryAfter(600, now), now)).toBe(60);
  });

  it('sends one code when registering and the verification page ask at once, and none within 60 s unless asked', async () => {
    const storage = new Map<string, string>();
    globalThis.sessionStorage = {
      getItem: (name: string) => storage.get(name) ?? null,
      setItem: (name: string, value: string) => void storage.set(name, value),
      removeItem: (name: string) => void storage.delete(name),
    } as Storage;
    let sent = 0;
    let finish = () => undefined as void;
    const send = () =>
      new Promise<void>((resolve) => {
        sent += 1;
        finish = resolve;
      });
    const first = sendCode('uid-1', send);
    const second = sendCode('uid-1', send);
    finish();
    await Promise.all([first, second]);
    expect(sent).toBe(1);
    expect(storage.get('plenty-code-sent:uid-1')).toBeDefined();

    await sendCode('uid-1', send);
    expect(sent).toBe(1);
    const resent = sendCode('uid-1', send, { force: true });
    finish();
    await resent;
    expect(sent).toBe(2);
  });
});
