import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hash.js';

const fast = { N: 1024, r: 8, p: 1 };

describe('password hashes', () => {
  it('match the password they were made from and no other', async () => {
    const stored = await hashPassword('correct horse battery', fast);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('never contain the password, and differ for the same password (salted)', async () => {
    const [one, two] = await Promise.all([hashPassword('ລະຫັດຜ່ານ', fast), hashPassword('ລະຫັດຜ່ານ', fast)]);
    expect(one).not.toBe(two);
    expect(one).not.toContain('ລະຫັດຜ່ານ');
    expect(one).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
  });

  it('store the default parameters with each hash', async () => {
    expect(await hashPassword('x')).toMatch(/^scrypt\$32768\$8\$1\$/);
  });

  it('treat Unicode that looks the same as the same password (NFC)', async () => {
    const stored = await hashPassword('caf\u00e9', fast);
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
  });

  it('never match a value that is not one of our hashes', async () => {
    expect(await verifyPassword('pw', 'fakeHash:salt=x:password=pw')).toBe(false);
    expect(await verifyPassword('pw', 'scrypt$1024$8$1$c2FsdA$c2hvcnQ')).toBe(false);
    expect(await verifyAgainstDecoy('anything')).toBe(false);
  });
});
