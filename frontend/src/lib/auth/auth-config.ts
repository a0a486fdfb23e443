/** How the app reaches Firebase Auth: a real project, or the Auth emulator of the embedded default. */
export interface AuthConfig {
  readonly apiKey: string;
  readonly projectId: string;
  readonly authDomain: string;
  /** The emulator's origin; null for a real Firebase project. */
  readonly emulatorUrl: string | null;
}

const DEMO_API_KEY = 'demo-api-key';

function fromMeta(): Partial<AuthConfig> {
  const content = document.querySelector('meta[name="plenty-auth"]')?.getAttribute('content') ?? '';
  if (content === '') return {};
  try {
    const parsed: unknown = JSON.parse(content);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<AuthConfig>) : {};
  } catch {
    return {};
  }
}

/**
 * The server that serves the app may describe its Auth setup in a `plenty-auth` meta tag (the
 * embedded default does: emulator and demo project); a build for a real project sets
 * VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID and VITE_FIREBASE_AUTH_DOMAIN instead.
 */
export function readAuthConfig(): AuthConfig {
  const meta = fromMeta();
  const env = import.meta.env;
  const apiKey = given(meta.apiKey) ?? given(env.VITE_FIREBASE_API_KEY) ?? DEMO_API_KEY;
  const projectId = given(meta.projectId) ?? given(env.VITE_FIREBASE_PROJECT_ID) ?? 'demo-plenty';
  const usesEmulator = projectId.startsWith('demo-');
  return {
    apiKey,
    projectId,
    authDomain: given(meta.authDomain) ?? given(env.VITE_FIREBASE_AUTH_DOMAIN) ?? window.location.host,
    emulatorUrl: usesEmulator ? (given(meta.emulatorUrl) ?? window.location.origin) : null,
  };
}

/** Build arguments left empty count as not given. */
function given(value: string | null | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Where the Firebase SDK keeps the signed-in user (local storage persistence). */
export function storedUserKey(config: AuthConfig): string {
  return `firebase:authUser:${config.apiKey}:[DEFAULT]`;
}
