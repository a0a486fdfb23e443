import { z } from 'zod';
import { InvalidTokenError } from './port.js';

/** How far ahead of this server's clock a token's issue time may be (clocks drift). */
const CLOCK_SKEW_SECONDS = 300;

const jsonObject = z.string().transform((part, ctx) => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'not a JSON object' });
  return z.NEVER;
});
/** A JWT's shape: header and claims JSON objects, issue time a number when present. */
const tokenShape = z.tuple([
  jsonObject,
  jsonObject.pipe(z.looseObject({ iat: z.number().optional() })),
  z.string().regex(/^[A-Za-z0-9_-]*$/),
]);

/**
 * The checks that come before a token's signature is: a token that is not three base64url parts
 * with JSON header and claims is refused here, so it can never surface as a server error, and
 * so is one issued in the future.
 */
export function checkTokenShape(idToken: string, nowSeconds = Math.floor(Date.now() / 1000)): void {
  const shape = tokenShape.safeParse(idToken.split('.'));
  if (!shape.success) throw new InvalidTokenError('auth/argument-error');
  const issuedAt = shape.data[1].iat;
  if (issuedAt !== undefined && issuedAt > nowSeconds + CLOCK_SKEW_SECONDS)
    throw new InvalidTokenError('auth/invalid-id-token');
}
