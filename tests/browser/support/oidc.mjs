import { register } from 'tsx/esm/api';

/**
 * The sign-in providers the journeys' server offers, both served by one local OpenID provider:
 * one known by its id (its button shows the Google mark) and one an operator named (a key).
 */
export const JOURNEY_PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'local', label: 'Plenty Test ID' },
];

const CLIENT = { clientId: 'plenty-journeys', clientSecret: 'plenty-journeys-secret' };

let started = null;

/** The provider the runner started (the journeys run in its process), to set up accounts on it. */
export function journeyOidcProvider() {
  if (started === null) throw new Error('the journey runner starts the OpenID provider');
  return started;
}

/**
 * Starts the local OpenID provider (tests/support/oidc-provider.ts) for a server that will
 * listen at `baseUrl`, and answers the `PLENTY_OIDC_*` environment that makes that server offer
 * it. It runs in this process and ends with it.
 */
export async function startJourneyOidcProvider(baseUrl) {
  register();
  const { startOidcProvider } = await import('../../support/oidc-provider.ts');
  const provider = await startOidcProvider({
    ...CLIENT,
    redirectUris: JOURNEY_PROVIDERS.map(({ id }) => `${baseUrl}/api/identity/oidc/${id}/callback`),
  });
  started = provider;
  const env = { PLENTY_OIDC_PROVIDERS: JOURNEY_PROVIDERS.map(({ id }) => id).join(',') };
  for (const { id, label } of JOURNEY_PROVIDERS) {
    const prefix = `PLENTY_OIDC_${id.toUpperCase()}_`;
    Object.assign(env, {
      [`${prefix}ISSUER`]: provider.issuer,
      [`${prefix}CLIENT_ID`]: CLIENT.clientId,
      [`${prefix}CLIENT_SECRET`]: CLIENT.clientSecret,
      [`${prefix}LABEL`]: label,
    });
  }
  return { provider, env };
}
