import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { LinkSigner, linkSecretFromMasterKey, purposeKey } from './signed-link.js';

const secret = linkSecretFromMasterKey(Buffer.alloc(32, 7));
const T0 = 1_800_000_000_000;

/** A token made with the receipt key but claims chosen by the test. */
function forge(claims: Record<string, unknown>, kind: 'receipt' | 'export' = 'receipt'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(purposeKey(secret, kind));
}

describe('signed download links', () => {
  it('are HS256 JWTs with the user, the purpose as audience, the object and a 5-minute expiry', async () => {
    const signer = new LinkSigner(secret, () => T0);
    const token = await signer.sign({ sub: 'alice', kind: 'receipt', obj: 'r1' });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toEqual({
      iss: 'plenty',
      aud: 'plenty:receipt',
      sub: 'alice',
      obj: 'r1',
      iat: T0 / 1000,
      exp: T0 / 1000 + 300,
    });
  });

  it('verify for the user, purpose and object they were made for until they expire', async () => {
    let now = T0;
    const signer = new LinkSigner(secret, () => now);
    const token = await signer.sign({ sub: 'alice', kind: 'receipt', obj: 'r1' });
    expect(await signer.verify(token, 'receipt')).toEqual({
      sub: 'alice',
      kind: 'receipt',
      obj: 'r1',
      exp: 1_800_000_300,
    });
    now += 299_000;
    expect(await signer.verify(token, 'receipt')).not.toBeNull();
    now += 1_000;
    expect(await signer.verify(token, 'receipt')).toBeNull();
  });

  it('refuse a token of the other purpose, either way round', async () => {
    const signer = new LinkSigner(secret);
    const receipt = await signer.sign({ sub: 'alice', kind: 'receipt', obj: 'r1' });
    const exported = await signer.sign({ sub: 'alice', kind: 'export', obj: 'en' });
    expect(await signer.verify(receipt, 'export')).toBeNull();
    expect(await signer.verify(exported, 'receipt')).toBeNull();
    expect(await signer.verify(exported, 'export')).toMatchObject({ sub: 'alice', kind: 'export', obj: 'en' });
  });

  it('refuse a token signed with the right key whose audience names another purpose or is missing', async () => {
    const signer = new LinkSigner(secret);
    const exp = Math.floor(Date.now() / 1000) + 60;
    const base = { iss: 'plenty', sub: 'alice', obj: 'r1', exp };
    expect(await signer.verify(await forge({ ...base, aud: 'plenty:receipt' }), 'receipt')).not.toBeNull();
    expect(await signer.verify(await forge({ ...base, aud: 'plenty:export' }), 'receipt')).toBeNull();
    expect(await signer.verify(await forge(base), 'receipt')).toBeNull();
    expect(
      await signer.verify(await forge({ ...base, aud: 'plenty:receipt', iss: 'elsewhere' }), 'receipt'),
    ).toBeNull();
    const { exp: _dropped, ...noExpiry } = base;
    expect(await signer.verify(await forge({ ...noExpiry, aud: 'plenty:receipt' }), 'receipt')).toBeNull();
  });

  it('refuse tampered claims (another user or object), another secret and garbage', async () => {
    const signer = new LinkSigner(secret);
    const token = await signer.sign({ sub: 'alice', kind: 'receipt', obj: 'r1' });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = decodeJwt(token);
    const reencode = (changed: object): string => Buffer.from(JSON.stringify(changed)).toString('base64url');
    expect(await signer.verify(`${header}.${reencode({ ...claims, sub: 'bob' })}.${signature}`, 'receipt')).toBeNull();
    expect(await signer.verify(`${header}.${reencode({ ...claims, obj: 'r2' })}.${signature}`, 'receipt')).toBeNull();
    expect(await signer.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`, 'receipt')).toBeNull();
    expect(await new LinkSigner(linkSecretFromMasterKey(Buffer.alloc(32, 8))).verify(token, 'receipt')).toBeNull();
    expect(await signer.verify('not-a-token', 'receipt')).toBeNull();
    expect(await signer.verify(`${token}.x`, 'receipt')).toBeNull();
    expect(await signer.verify(`${token}${'A'.repeat(2048)}`, 'receipt')).toBeNull();
  });

  it('refuse an unsigned token (alg none) and one with another algorithm', async () => {
    const signer = new LinkSigner(secret);
    const exp = Math.floor(Date.now() / 1000) + 60;
    const claims = { iss: 'plenty', aud: 'plenty:receipt', sub: 'alice', obj: 'r1', exp };
    const unsecured = new UnsecuredJWT(claims).encode();
    expect(decodeProtectedHeader(unsecured).alg).toBe('none');
    expect(await signer.verify(unsecured, 'receipt')).toBeNull();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new Uint8Array(Buffer.concat([purposeKey(secret, 'receipt'), purposeKey(secret, 'receipt')])));
    expect(await signer.verify(hs512, 'receipt')).toBeNull();
  });

  it('stay valid across restarts: a new signer from the same master key accepts the token', async () => {
    const token = await new LinkSigner(secret).sign({ sub: 'alice', kind: 'export', obj: 'th' });
    const restarted = new LinkSigner(linkSecretFromMasterKey(Buffer.alloc(32, 7)));
    expect(await restarted.verify(token, 'export')).toMatchObject({ sub: 'alice', obj: 'th' });
  });
});
