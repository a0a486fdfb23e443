import { describe, expect, it } from 'vitest';
import { LinkSigner, linkSecretFromMasterKey } from './signed-link.js';

const secret = linkSecretFromMasterKey(Buffer.alloc(32, 7));

describe('signed download links', () => {
  it('verify for the user, kind and object they were made for until they expire', () => {
    let now = 1_800_000_000_000;
    const signer = new LinkSigner(secret, () => now);
    const token = signer.sign({ sub: 'alice', kind: 'receipt', obj: 'r1' });
    expect(signer.verify(token, 'receipt')).toMatchObject({ sub: 'alice', obj: 'r1' });
    expect(signer.verify(token, 'export')).toBeNull();
    now += 299_000;
    expect(signer.verify(token, 'receipt')).not.toBeNull();
    now += 1_000;
    expect(signer.verify(token, 'receipt')).toBeNull();
  });

  it('refuse tampered claims, another secret and garbage', () => {
    const signer = new LinkSigner(secret);
    const token = signer.sign({ sub: 'alice', kind: 'receipt', obj: 'r1' });
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'bob', kind: 'receipt', obj: 'r1', exp: 9e9 })).toString(
      'base64url',
    );
    expect(signer.verify(`${forged}.${signature}`, 'receipt')).toBeNull();
    expect(new LinkSigner(linkSecretFromMasterKey(Buffer.alloc(32, 8))).verify(token, 'receipt')).toBeNull();
    expect(signer.verify('not-a-token', 'receipt')).toBeNull();
    expect(signer.verify(`${token}.x`, 'receipt')).toBeNull();
  });
});
