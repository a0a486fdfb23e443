import { z } from 'zod';
import { parseEnv } from '@plenty/platform/config';
import { issuerAllowsHttp, type OidcProviderSettings } from '@plenty/platform/identity/oidc';

/** Names and issuers of providers known by their id; an issuer here need not be configured. */
const WELL_KNOWN: Readonly<Record<string, { readonly label: string; readonly issuer?: string }>> = {
  google: { label: 'Google', issuer: 'https://accounts.google.com' },
  github: { label: 'GitHub' },
  facebook: { label: 'Facebook' },
  apple: { label: 'Apple' },
  microsoft: { label: 'Microsoft' },
};

const DEFAULT_SCOPES = 'openid email profile';

const providerIds = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  )
  .pipe(
    z
      .array(z.string().regex(/^[a-z0-9]{1,32}$/, 'provider ids of lower-case letters and digits, comma-separated'))
      .refine((ids) => new Set(ids).size === ids.length, 'each provider id once'),
  )
  .default([]);

/** A string that must be set; unset, it says what belongs there. */
function required(what: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? `required: ${what}` : undefined) });
}

function isIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.search === '' && url.hash === '' && (url.protocol === 'https:' || issuerAllowsHttp(url));
}

const issuerSchema = required("the provider's issuer URL").refine(
  isIssuer,
  'an https URL without query or fragment, e.g. https://accounts.google.com (plain http only for an issuer on this machine)',
);

const scopesSchema = z
  .string()
  .trim()
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'scopes separated by single spaces')
  .refine((scopes) => scopes.split(' ').includes('openid'), 'scopes including openid');

/** `PLENTY_OIDC_<ID>_<NAME>`: the id in capitals. */
function variable(id: string, name: string): string {
  return `PLENTY_OIDC_${id.toUpperCase()}_${name}`;
}

/**
 * The OpenID Connect providers of `PLENTY_OIDC_PROVIDERS` (e.g. `google,office`) with, for each
 * id, `PLENTY_OIDC_<ID>_ISSUER` (google: https://accounts.google.com unless set), `_CLIENT_ID`,
 * `_CLIENT_SECRET`, `_LABEL` (the button's text; default the provider's name or the id) and
 * `_SCOPES` (default `openid email profile`). Every wrong or missing variable is named.
 */
export function oidcProvidersFromEnv(env: NodeJS.ProcessEnv): OidcProviderSettings[] {
  const { PLENTY_OIDC_PROVIDERS: ids } = parseEnv(z.object({ PLENTY_OIDC_PROVIDERS: providerIds }), env);
  const shape: Record<string, z.ZodType> = {};
  for (const id of ids) {
    const known = WELL_KNOWN[id];
    shape[variable(id, 'ISSUER')] = known?.issuer === undefined ? issuerSchema : issuerSchema.default(known.issuer);
    shape[variable(id, 'CLIENT_ID')] = required('the client id the provider gave Plenty').trim().min(1).max(512);
    shape[variable(id, 'CLIENT_SECRET')] = required('the client secret the provider gave Plenty').min(1).max(4096);
    shape[variable(id, 'LABEL')] = z
      .string()
      .trim()
      .min(1)
      .max(40, 'at most 40 characters')
      .default(known?.label ?? id);
    shape[variable(id, 'SCOPES')] = scopesSchema.default(DEFAULT_SCOPES);
  }
  const parsed = parseEnv(z.object(shape), env) as Record<string, string>;
  const value = (id: string, name: string) => parsed[variable(id, name)] ?? '';
  return ids.map((id) => ({
    id,
    label: value(id, 'LABEL'),
    issuer: value(id, 'ISSUER'),
    clientId: value(id, 'CLIENT_ID'),
    clientSecret: value(id, 'CLIENT_SECRET'),
    scopes: value(id, 'SCOPES'),
  }));
}
