import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload } from 'jose';
import type { SigningKey } from '../identity/signing-key.js';

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function resign(payload: JWTPayload, header: { alg: string; kid?: string }, key: Parameters<SignJWT['sign']>[0]) {
  return new SignJWT(payload).setProtectedHeader({ ...header, typ: 'JWT' }).sign(key);
}

/**
 * Tokens made from a genuine ID token, each wrong in one way an attacker could try: no
 * signature, a signature an attacker can make, a changed payload, or, signed with the real
 * key (as if it leaked in a backup), another key's name, audience or issuer. Every one must
 * be refused.
 */
export async function forgedTokens(genuine: string, key: SigningKey): Promise<Record<string, string>> {
  const claims = decodeJwt(genuine);
  const header = decodeProtectedHeader(genuine) as { alg: string; kid?: string };
  const [encodedHeader = '', encodedPayload = '', signature = ''] = genuine.split('.');
  const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const publicPem = key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const publicDer = key.publicKey.export({ type: 'spki', format: 'der' });
  const changed = { ...claims, sub: 'someone-else', user_id: 'someone-else' };
  return {
    'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${encodedPayload}.`,
    'alg none, signature kept': `${base64url({ alg: 'none', typ: 'JWT' })}.${encodedPayload}.${signature}`,
    'HS256 keyed with the public key (PEM)': await resign(
      claims,
      { alg: 'HS256', kid: key.kid },
      Buffer.from(publicPem),
    ),
    'HS256 keyed with the public key (DER)': await resign(claims, { alg: 'HS256', kid: key.kid }, publicDer),
    'ES256 signed by another key': await resign(claims, { alg: 'ES256', kid: key.kid }, otherKey),
    'ES256 signed by another key, its own kid': await resign(claims, { alg: 'ES256', kid: 'another-key' }, otherKey),
    'right key, wrong kid': await resign(claims, { alg: 'ES256', kid: 'another-key' }, key.privateKey),
    'kid changed after signing': `${base64url({ ...header, kid: 'another-key' })}.${encodedPayload}.${signature}`,
    'payload changed after signing': `${encodedHeader}.${base64url(changed)}.${signature}`,
    'right key, wrong audience': await resign({ ...claims, aud: 'another-project' }, header, key.privateKey),
    'right key, wrong issuer': await resign(
      { ...claims, iss: 'https://securetoken.google.com/plenty' },
      header,
      key.privateKey,
    ),
    'right key, no subject': await resign({ ...claims, sub: undefined }, header, key.privateKey),
    'signature garbled': `${encodedHeader}.${base64url(changed)}.${signature.split('').reverse().join('')}`,
  };
}
