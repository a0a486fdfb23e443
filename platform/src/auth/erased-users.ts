import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import type { EventStore } from '../event-store/port.js';
import { InvalidTokenError, type TokenVerifier } from './port.js';

/** Users whose account erasure has started or finished: none of their requests is served. */
export interface ErasedUsers {
  has(uid: string): Promise<boolean>;
}

export interface ErasureRecordOptions {
  /** How long what was read serves before the record is read again; default 2 s. */
  readonly maxAgeMs?: number;
  /**
   * While the record cannot be read, how long the last reading still answers; after that
   * every question fails (the request answers 500) until it can be read again. Default 60 s.
   */
  readonly maxStaleMs?: number;
  /** The clock, in milliseconds. */
  readonly now?: () => number;
}

/**
 * The users of the erasure record (`account-erasures`), as every instance reads it. Each
 * instance remembers the erased users and, at most every `maxAgeMs`, reads the record's new
 * events from where it stopped: a question costs a set lookup, and a few seconds after an
 * erasure started anywhere no instance serves the user any more. The instance that starts
 * an erasure marks the user at once (`markErased`). A user id is never used again, so an
 * erased user stays refused, whatever the age of the token.
 */
export class ErasureRecord implements ErasedUsers {
  private readonly erased = new Set<string>();
  private nextRevision = 0;
  /** When the last reading that succeeded, and the last one tried, began. */
  private readAt = Number.NEGATIVE_INFINITY;
  private triedAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private readonly maxAgeMs: number;
  private readonly maxStaleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly eventStore: Pick<EventStore, 'readStream'>,
    options: ErasureRecordOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 2_000;
    this.maxStaleMs = options.maxStaleMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  async has(uid: string): Promise<boolean> {
    if (this.erased.has(uid)) return true;
    if (this.reading === null && this.now() - this.triedAt >= this.maxAgeMs) this.reading = this.readNew();
    // Questions asked while a reading is under way wait for it.
    if (this.reading !== null) await this.reading;
    if (this.erased.has(uid)) return true;
    if (this.now() - this.readAt > this.maxStaleMs) {
      throw new Error('the account erasure record could not be read: nobody is served until it can');
    }
    return false;
  }

  /** The erasure of the user has just been recorded by this instance. */
  markErased(uid: string): void {
    this.erased.add(uid);
  }

  private async readNew(): Promise<void> {
    const started = this.now();
    this.triedAt = started;
    try {
      const events = await this.eventStore.readStream(ACCOUNT_ERASURES_STREAM, { fromRevision: this.nextRevision });
      for (const event of events) {
        if (event.type === 'AccountErasureStarted') this.erased.add(event.metadata.userId);
      }
      const last = events.at(-1);
      if (last !== undefined) this.nextRevision = last.revision + 1;
      this.readAt = started;
    } catch {
      // Answered from the last reading while it is recent enough (see `has`).
    } finally {
      this.reading = null;
    }
  }
}

/** A verifier that can drop what it remembers of a user's tokens. */
export interface ForgetfulTokenVerifier extends TokenVerifier {
  forgetUser(uid: string): void;
}

/**
 * Refuses every token of a user whose erasure has started, as an invalid token (401), and
 * makes the verifier inside forget the user's cached tokens. Every route that verifies
 * tokens through it refuses the user: commands, queries, uploads, download links' issue.
 */
export function refuseErasedUsers(inner: TokenVerifier | ForgetfulTokenVerifier, erased: ErasedUsers): TokenVerifier {
  return {
    async verify(idToken, options) {
      const user = await inner.verify(idToken, options);
      if (await erased.has(user.uid)) {
        if ('forgetUser' in inner) inner.forgetUser(user.uid);
        throw new InvalidTokenError('auth/user-erased');
      }
      return user;
    },
  };
}
