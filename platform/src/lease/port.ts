/**
 * A named lease held by one owner at a time until it expires, so exactly one instance of a
 * scaled service does a job that must not run twice at once (the relay).
 */
export interface LeaseStore {
  /** Takes the lease or renews it for `ttlMs`; false when another owner holds an unexpired one. */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if this owner holds it. */
  release(name: string, owner: string): Promise<void>;
}
