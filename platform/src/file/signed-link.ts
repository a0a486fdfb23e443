import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * Short-lived links a browser opens directly (a receipt in `<img src>`, the CSV export), so
 * the ID token never appears in a URL. A token is a JWT (HS256, made and checked with `jose`)
 * bound to the user (`sub`), one purpose (`aud`: `plenty:receipt`, `plenty:export` or
 * `plenty:backup`, the command API's "Download all my data") and the
 * object (`obj`), with an expiry. Each purpose has its own key derived from the link secret,
 * so a token for one purpose fails the signature check of the other as well as its audience.
 */
export interface LinkClaims {
  /** The user the link is for. */
  readonly sub: string;
  readonly kind: LinkKind;
  /** The object: a receipt id, or the export's or the backup's locale. */
  readonly obj: string;
  /** Seconds since epoch after which the link is refused. */
  readonly exp: number;
}

export type LinkKind = 'receipt' | 'export' | 'backup';

const ISSUER = 'plenty';
const ALGORITHM = 'HS256';

const audienceOf = (kind: LinkKind): string => `plenty:${kind}`;

const payloadSchema = z.object({
  sub: z.string().min(1).max(128),
  obj: z.string().min(1).max(200),
  exp: z.number().int().positive(),
});

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

/** The HS256 key of one purpose, derived from the link secret. */
export function purposeKey(secret: Buffer, kind: LinkKind): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), `plenty signed link jwt ${kind} v2`, 32));
}

export class LinkSigner {
  private readonly keys: Readonly<Record<LinkKind, Uint8Array>>;

  constructor(
    secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    if (secret.length < 32) throw new Error('a link secret needs 32 bytes');
    this.keys = {
      receipt: purposeKey(secret, 'receipt'),
      export: purposeKey(secret, 'export'),
      backup: purposeKey(secret, 'backup'),
    };
  }

  async sign(claims: Omit<LinkClaims, 'exp'>, ttlSeconds = LINK_TTL_SECONDS): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ obj: claims.obj })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audienceOf(claims.kind))
      .setSubject(claims.sub)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(this.keys[claims.kind]);
  }

  /** The claims of a genuine, unexpired token of that purpose; null otherwise. */
  async verify(token: string, kind: LinkKind): Promise<LinkClaims | null> {
    if (token.length > 2048) return null;
    try {
      const { payload } = await jwtVerify(token, this.keys[kind], {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: audienceOf(kind),
        requiredClaims: ['sub', 'exp', 'obj'],
        currentDate: new Date(this.now()),
      });
      const claims = payloadSchema.safeParse(payload);
      if (!claims.success) return null;
      return { sub: claims.data.sub, kind, obj: claims.data.obj, exp: claims.data.exp };
    } catch {
      return null;
    }
  }
}
