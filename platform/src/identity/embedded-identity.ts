import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth/port.js';
import type { IdentityProviderAdmin } from '../auth/identity-admin.js';
import type { UserDirectory } from '../auth/user-directory.js';
import { DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from './attempt-limits.js';
import { importEmulatorAccounts, type EmulatorImport } from './emulator-import.js';
import { embeddedTokenVerifier, IdTokens } from './id-tokens.js';
import { identityRoutes } from './identity-routes.js';
import type { OidcProviderSettings } from './oidc.js';
import { oidcRoutes } from './oidc-routes.js';
import { IdentityService } from './identity-service.js';
import { openIdentityStore, type IdentityStore } from './identity-store.js';
import { loadSigningKey } from './signing-key.js';

export interface EmbeddedIdentityOptions {
  readonly dataDir: string;
  /** The audience of ID tokens: the project id the web app's SDK is configured with. */
  readonly projectId: string;
  readonly limits?: IdentityLimits;
  readonly now?: () => number;
  /** Sign-in with OpenID Connect providers; none configured, no routes for them. */
  readonly oidc?: { readonly appOrigin: string; readonly providers: readonly OidcProviderSettings[] };
}

/** What the rest of the embedded default needs of its identity service. */
export interface EmbeddedIdentity {
  readonly service: IdentityService;
  readonly store: IdentityStore;
  readonly verifier: TokenVerifier;
  /** Marks addresses verified and makes password reset codes (the command API's side). */
  readonly providerAdmin: IdentityProviderAdmin;
  /** Deletes accounts when their owner erases them. */
  readonly accounts: { deleteUser(uid: string): Promise<void> };
  readonly users: UserDirectory;
  /** Accounts moved from an emulator-based data folder at this start, if any. */
  readonly emulatorImport: EmulatorImport | null;
  /** Registers the REST routes the web app's Firebase SDK calls. */
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 3600_000;

/**
 * Opens Plenty's own identity service on a data folder: `identity.db` (accounts, sessions,
 * codes) and `identity.key` (the ES256 key that signs ID tokens), both created on first start.
 */
export async function openEmbeddedIdentity(options: EmbeddedIdentityOptions): Promise<EmbeddedIdentity> {
  const key = await loadSigningKey(join(options.dataDir, 'identity.key'));
  const store = await openIdentityStore(join(options.dataDir, 'identity.db'));
  try {
    const emulatorImport = await importEmulatorAccounts(options.dataDir, store);
    const now = options.now ?? Date.now;
    const tokens = new IdTokens(key, options.projectId, () => Math.floor(now() / 1000));
    const service = new IdentityService({ store, tokens, limits: options.limits ?? DEFAULT_IDENTITY_LIMITS, now });
    service.sweep();
    const sweeper = setInterval(() => service.sweep(), SWEEP_INTERVAL_MS);
    sweeper.unref();
    return {
      service,
      store,
      verifier: embeddedTokenVerifier(tokens, store, () => now() / 1000),
      providerAdmin: {
        async markEmailVerified(uid) {
          service.markEmailVerified(uid);
        },
        async passwordResetCode(email) {
          return service.passwordResetCode(email);
        },
      },
      accounts: {
        async deleteUser(uid) {
          service.deleteUser(uid);
        },
      },
      users: {
        async emailOf(uid) {
          return service.emailOf(uid);
        },
      },
      emulatorImport,
      async register(app) {
        await app.register(identityRoutes, { service, projectId: options.projectId });
        if (options.oidc !== undefined && options.oidc.providers.length > 0) {
          await app.register(oidcRoutes, { service, ...options.oidc, now });
        }
      },
      async close() {
        clearInterval(sweeper);
        store.close();
      },
    };
  } catch (error) {
    store.close();
    throw error;
  }
}
