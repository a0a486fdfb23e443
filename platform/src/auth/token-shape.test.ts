import { describe, expect, it } from 'vitest';
import { checkTokenShape } from './token-shape.js';
import { InvalidTokenError } from './port.js';

const part = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const token = (claims: unknown, header: unknown = { alg: 'none' }, signature = '') =>
  `${part(header)}.${part(claims)}.${signature}`;
const NOW = 1_800_000_000;

describe('token shape check', () => {
  it('lets a well-formed token through to firebase-admin', () => {
    expect(() => checkTokenShape(token({ sub: 'u', iat: NOW - 60 }), NOW)).not.toThrow();
    expect(() => checkTokenShape(token({ sub: 'u', iat: NOW + 120 }), NOW)).not.toThrow();
  });

  it.each([
    ['two parts', `${part({ alg: 'none' })}.${part({ sub: 'u' })}`],
    ['claims that are not JSON', token('{"sub":')],
    ['claims that are an array', token([1, 2])],
    ['a header that is not JSON', `${part('nope')}.${part({ sub: 'u' })}.`],
    ['a signature outside base64url', token({ sub: 'u' }, { alg: 'RS256' }, 'a+b/c=')],
    ['an issue time that is not a number', token({ sub: 'u', iat: 'yesterday' })],
    ['an issue time beyond the clock skew', token({ sub: 'u', iat: NOW + 301 })],
    ['nothing at all', ''],
  ])('refuses %s as an invalid token', (_, value) => {
    expect(() => checkTokenShape(value, NOW)).toThrow(InvalidTokenError);
  });
});
