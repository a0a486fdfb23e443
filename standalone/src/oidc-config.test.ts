import { describe, expect, it } from 'vitest';
import { ConfigError } from '@plenty/platform/config';
import { loadStandaloneConfig } from './config.js';
import { oidcProvidersFromEnv } from './oidc-config.js';

const google = { PLENTY_OIDC_GOOGLE_CLIENT_ID: 'plenty.apps.example', PLENTY_OIDC_GOOGLE_CLIENT_SECRET: 's3cret' };

describe('OpenID Connect providers', () => {
  it('offers none when nothing is configured', () => {
    expect(loadStandaloneConfig({}).oidcProviders).toEqual([]);
    expect(oidcProvidersFromEnv({ PLENTY_OIDC_PROVIDERS: '' })).toEqual([]);
  });

  it('knows where Google is and what it is called', () => {
    expect(oidcProvidersFromEnv({ PLENTY_OIDC_PROVIDERS: 'google', ...google })).toEqual([
      {
        id: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'plenty.apps.example',
        clientSecret: 's3cret',
        scopes: 'openid email profile',
      },
    ]);
  });

  it('reads any other provider from its own variables, in the order listed', () => {
    const providers = oidcProvidersFromEnv({
      PLENTY_OIDC_PROVIDERS: ' office , google',
      ...google,
      PLENTY_OIDC_OFFICE_ISSUER: 'https://login.microsoftonline.com/contoso/v2.0',
      PLENTY_OIDC_OFFICE_CLIENT_ID: 'office-client',
      PLENTY_OIDC_OFFICE_CLIENT_SECRET: 'office-secret',
      PLENTY_OIDC_OFFICE_LABEL: 'Office 365',
      PLENTY_OIDC_OFFICE_SCOPES: 'openid email',
    });
    expect(providers.map(({ id, label, issuer, scopes }) => ({ id, label, issuer, scopes }))).toEqual([
      {
        id: 'office',
        label: 'Office 365',
        issuer: 'https://login.microsoftonline.com/contoso/v2.0',
        scopes: 'openid email',
      },
      { id: 'google', label: 'Google', issuer: 'https://accounts.google.com', scopes: 'openid email profile' },
    ]);
  });

  it('labels an unknown provider with its id unless told', () => {
    const [provider] = oidcProvidersFromEnv({
      PLENTY_OIDC_PROVIDERS: 'keycloak',
      PLENTY_OIDC_KEYCLOAK_ISSUER: 'https://sso.example/realms/home',
      PLENTY_OIDC_KEYCLOAK_CLIENT_ID: 'plenty',
      PLENTY_OIDC_KEYCLOAK_CLIENT_SECRET: 'secret',
    });
    expect(provider?.label).toBe('keycloak');
  });

  it('allows plain http only for an issuer on this machine', () => {
    const local = (issuer: string) => ({
      PLENTY_OIDC_PROVIDERS: 'local',
      PLENTY_OIDC_LOCAL_ISSUER: issuer,
      PLENTY_OIDC_LOCAL_CLIENT_ID: 'plenty',
      PLENTY_OIDC_LOCAL_CLIENT_SECRET: 'secret',
    });
    expect(oidcProvidersFromEnv(local('http://127.0.0.1:9400'))[0]?.issuer).toBe('http://127.0.0.1:9400');
    expect(oidcProvidersFromEnv(local('http://localhost:9400/oidc'))[0]?.issuer).toBe('http://localhost:9400/oidc');
    expect(() => oidcProvidersFromEnv(local('http://sso.example'))).toThrow(/PLENTY_OIDC_LOCAL_ISSUER/);
    expect(() => oidcProvidersFromEnv(local('https://sso.example/?tenant=a'))).toThrow(/PLENTY_OIDC_LOCAL_ISSUER/);
    expect(() => oidcProvidersFromEnv(local('sso.example'))).toThrow(/PLENTY_OIDC_LOCAL_ISSUER/);
  });

  it('names every missing or wrong variable', () => {
    const attempt = () =>
      loadStandaloneConfig({
        PLENTY_OIDC_PROVIDERS: 'google,office',
        PLENTY_OIDC_GOOGLE_CLIENT_ID: 'plenty',
        PLENTY_OIDC_GOOGLE_SCOPES: 'email profile',
        PLENTY_OIDC_OFFICE_CLIENT_ID: 'office',
        PLENTY_OIDC_OFFICE_CLIENT_SECRET: 'secret',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /PLENTY_OIDC_GOOGLE_CLIENT_SECRET[\s\S]*PLENTY_OIDC_GOOGLE_SCOPES[\s\S]*PLENTY_OIDC_OFFICE_ISSUER/,
    );
  });

  it('refuses ids that are not lower-case letters and digits, and an id twice', () => {
    for (const ids of ['Google', 'my-sso', 'google,google', 'a'.repeat(33)]) {
      expect(() => oidcProvidersFromEnv({ PLENTY_OIDC_PROVIDERS: ids, ...google })).toThrow(/PLENTY_OIDC_PROVIDERS/);
    }
  });
});
