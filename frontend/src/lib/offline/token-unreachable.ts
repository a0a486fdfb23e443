/**
 * Thrown by the session's token source when a token cannot be had because the identity service
 * cannot be reached (an expired token is not refreshed offline): the API request fails as a
 * network error, so the screen shows its device copy, and the user stays signed in.
 */
export class TokenUnreachableError extends Error {
  constructor(cause?: unknown) {
    super('the identity service cannot be reached', { cause });
    this.name = 'TokenUnreachableError';
  }
}
