import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Short-lived links a browser opens directly (a receipt in `<img src>`, the CSV export), so
 * the ID token never appears in a URL. A token is `<payload>.<HMAC-SHA256>` in base64url,
 * bound to the user, the kind of object and the object, with an expiry.
 */
export interface LinkClaims {
  /** The user the link is for. */
  readonly sub: string;
  readonly kind: 'receipt' | 'export';
  /** The object: a receipt id, or the export's locale. */
  readonly obj: string;
  /** Seconds since epoch after which the link is refused. */
  readonly exp: number;
}

const claimsSchema = z
  .object({
    sub: z.string().min(1).max(128),
    kind: z.enum(['receipt', 'export']),
    obj: z.string().min(1).max(200),
    exp: z.number().int().positive(),
  })
  .strict();

/** Links live this long. */
export const LINK_TTL_SECONDS = 300;

/** A signing secret of 32 bytes derived from the master key, so no extra secret needs keeping. */
export function linkSecretFromMasterKey(masterKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'plenty signed download links v1', 32));
}

/** A secret given as configuration (RECEIPT_LINK_SECRET): at least 32 characters. */
export function linkSecretFromText(secret: string): Buffer {
  if (secret.length < 32) throw new Error('a link secret needs at least 32 characters');
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'plenty signed download links v1', 32),
  );
}

export class LinkSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    if (secret.length < 32) throw new Error('a link secret needs 32 bytes');
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest();
  }

  sign(claims: Omit<LinkClaims, 'exp'>, ttlSeconds = LINK_TTL_SECONDS): string {
    const full: LinkClaims = { ...claims, exp: Math.floor(this.now() / 1000) + ttlSeconds };
    const payload = Buffer.from(JSON.stringify(full), 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The claims of a genuine, unexpired token of that kind; null otherwise. */
  verify(token: string, kind: LinkClaims['kind']): LinkClaims | null {
    if (token.length > 2048) return null;
    const [payload, signature, ...rest] = token.split('.');
    if (payload === undefined || signature === undefined || rest.length > 0) return null;
    const expected = this.mac(payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const claims = claimsSchema.safeParse(decoded);
    if (!claims.success || claims.data.kind !== kind) return null;
    if (claims.data.exp * 1000 <= this.now()) return null;
    return claims.data;
  }
}
