/**
 * How the app reaches its identity service: the embedded default's own (at the app's origin,
 * speaking the Firebase REST API), or a real Firebase project.
 */
export interface AuthConfig {
  readonly apiKey: string;
  readonly projectId: string;
  readonly authDomain: string;
  /** Where the SDK sends its calls instead of Google's hosts; null for a real Firebase project. */
  readonly emulatorUrl: string | null;
  /** True when the embedded identity serves sign-in (sessions end on the server at sign-out too). */
  readonly embedded: boolean;
  /** The social accounts offered under "or continue with", in this order. */
  readonly providers: readonly SocialProvider[];
}

/** A sign-in provider offered on the login page: its id and the name on its button. */
export interface SocialProvider {
  readonly id: string;
  readonly label: string;
}

/** The providers a Firebase project's popup sign-in supports here. */
export const FIREBASE_PROVIDERS = ['google', 'github', 'facebook', 'apple'] as const;
export type FirebaseProvider = (typeof FIREBASE_PROVIDERS)[number];

/** Brand names of providers the app has a mark for. */
const KNOWN_LABELS: Readonly<Record<string, string>> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  apple: 'Apple',
  microsoft: 'Microsoft',
};

/** `google,github` or `["google","github"]` as a list of Firebase providers; null when not given. */
export function parseFirebaseProviders(value: unknown): SocialProvider[] | null {
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (names === null) return null;
  const known = names
    .map((name: unknown) => (typeof name === 'string' ? name.trim().toLowerCase() : ''))
    .filter((name): name is FirebaseProvider => (FIREBASE_PROVIDERS as readonly string[]).includes(name));
  return [...new Set(known)].map((id) => ({ id, label: KNOWN_LABELS[id] ?? id }));
}

const PROVIDER_ID = /^[a-z0-9]{1,32}$/;

/**
 * The embedded identity's providers as the server lists them, `[{ id, label }]` (OpenID Connect
 * providers the operator configured); entries that are not of that shape are left out.
 */
export function parseEmbeddedProviders(value: unknown): SocialProvider[] {
  if (!Array.isArray(value)) return [];
  const providers: SocialProvider[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, label } = entry as { id?: unknown; label?: unknown };
    if (typeof id !== 'string' || !PROVIDER_ID.test(id) || providers.some((known) => known.id === id)) continue;
    const name = typeof label === 'string' && label.trim() !== '' ? label.trim() : (KNOWN_LABELS[id] ?? id);
    providers.push({ id, label: name });
  }
  return providers;
}

const DEMO_API_KEY = 'demo-api-key';

type MetaConfig = Partial<Omit<AuthConfig, 'providers' | 'embedded'>> & {
  readonly providers?: unknown;
  readonly identity?: unknown;
};

function fromMeta(): MetaConfig {
  const content = document.querySelector('meta[name="plenty-auth"]')?.getAttribute('content') ?? '';
  if (content === '') return {};
  try {
    const parsed: unknown = JSON.parse(content);
    return typeof parsed === 'object' && parsed !== null ? (parsed as MetaConfig) : {};
  } catch {
    return {};
  }
}

/**
 * The server that serves the app may describe its Auth setup in a `plenty-auth` meta tag (the
 * embedded default does: its own identity at this origin, and the OpenID Connect providers it
 * offers); a build for a real project sets VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID and
 * VITE_FIREBASE_AUTH_DOMAIN instead, and its social providers come from VITE_AUTH_PROVIDERS
 * (`google,github,facebook,apple`; `none` offers none; empty means all).
 */
export function readAuthConfig(): AuthConfig {
  const meta = fromMeta();
  const env = import.meta.env;
  const apiKey = given(meta.apiKey) ?? given(env.VITE_FIREBASE_API_KEY) ?? DEMO_API_KEY;
  const projectId = given(meta.projectId) ?? given(env.VITE_FIREBASE_PROJECT_ID) ?? 'demo-plenty';
  const embedded = meta.identity === 'embedded';
  const usesEmulator = embedded || projectId.startsWith('demo-');
  return {
    apiKey,
    projectId,
    authDomain: given(meta.authDomain) ?? given(env.VITE_FIREBASE_AUTH_DOMAIN) ?? window.location.host,
    emulatorUrl: usesEmulator ? (given(meta.emulatorUrl) ?? window.location.origin) : null,
    embedded,
    providers: embedded
      ? parseEmbeddedProviders(meta.providers)
      : (parseFirebaseProviders(meta.providers) ??
        parseFirebaseProviders(given(env['VITE_AUTH_PROVIDERS'] as string | undefined)) ??
        FIREBASE_PROVIDERS.map((id) => ({ id, label: KNOWN_LABELS[id] ?? id }))),
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
