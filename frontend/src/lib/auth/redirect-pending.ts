export const PENDING_REDIRECT_KEY = 'plenty-auth-redirect';

/** Whether this page is the return from a provider's sign-in page (known without the SDK). */
export function redirectPending(): boolean {
  try {
    return sessionStorage.getItem(PENDING_REDIRECT_KEY) !== null;
  } catch {
    return false;
  }
}
