/**
 * How long after a code was sent another may be asked for: VERIFICATION.resendAfterSeconds of
 * the account contracts, kept here so these pages do not download the contracts' schemas.
 */
export const RESEND_AFTER_SECONDS = 60;
export const RESEND_AFTER_MS = RESEND_AFTER_SECONDS * 1000;

const key = (uid: string) => `plenty-code-sent:${uid}`;

/** When the last code for this user was sent from this tab (kept across reloads). */
export function codeSentAt(uid: string): number | null {
  try {
    const value = Number(sessionStorage.getItem(key(uid)));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberCodeSent(uid: string, at: number): void {
  try {
    sessionStorage.setItem(key(uid), String(at));
  } catch {
    // Without storage the countdown still runs until the page is reloaded.
  }
}

export function forgetCodeSent(uid: string): void {
  try {
    sessionStorage.removeItem(key(uid));
  } catch {
    // Nothing was stored.
  }
}

/** Whole seconds until another code may be sent; 0 when it may be sent now. */
export function secondsUntilResend(sentAt: number | null, now: number): number {
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil((sentAt + RESEND_AFTER_MS - now) / 1000));
}

/** The send time that leaves `retryAfterSeconds` of the cool-down, from the server's Retry-After. */
export function sentAtFromRetryAfter(retryAfterSeconds: number, now: number): number {
  return now - RESEND_AFTER_MS + Math.min(retryAfterSeconds, RESEND_AFTER_SECONDS) * 1000;
}

let inFlight: { readonly uid: string; readonly sending: Promise<void> } | null = null;

/**
 * Sends a code unless one is on its way for this user already or one was sent less than 60 s
 * ago (unless `force`, for the resend button). Registering sends one while the verification
 * page opens; only one is sent.
 */
export function sendCode(uid: string, send: () => Promise<void>, { force = false } = {}): Promise<void> {
  if (inFlight?.uid === uid) return inFlight.sending;
  if (!force && secondsUntilResend(codeSentAt(uid), Date.now()) > 0) return Promise.resolve();
  rememberCodeSent(uid, Date.now());
  const sending = send().finally(() => {
    if (inFlight?.sending === sending) inFlight = null;
  });
  inFlight = { uid, sending };
  return sending;
}

let registration: Promise<void> | null = null;

/** Registering: the account exists but is not named and has no code yet. Returns the end. */
export function startRegistration(): () => void {
  let finish = () => undefined as void;
  const current = new Promise<void>((resolve) => {
    finish = resolve;
  });
  registration = current;
  return () => {
    finish();
    if (registration === current) registration = null;
  };
}

/** Resolves once a registration that is under way has named the account and sent its code. */
export function registrationSettled(): Promise<void> {
  return registration ?? Promise.resolve();
}
