import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import { GUEST_ERROR_CODES, isSignedInMessage, SIGNED_IN_SECTIONS } from './catalog-parts';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const catalog: Record<string, string> = en;

/** Where a guest's pages start: the app's entry and the pages a guest can open. */
const GUEST_ENTRIES = [
  'main.tsx',
  'app/router.tsx',
  'app/error-page.tsx',
  'features/home/routes/home-page.tsx',
  'features/policy/routes/policy-page.tsx',
  'features/auth/routes/login-page.tsx',
  'features/auth/routes/register-page.tsx',
  'features/auth/routes/verify-page.tsx',
  'features/auth/routes/forgot-password-page.tsx',
  'features/auth/routes/reset-password-page.tsx',
];
/**
 * Modules the guest's code imports on demand that only a signed-in user gets: what main.tsx
 * starts after sign-in, and the signed-in parts of the default layout. Pages of other features
 * are signed-in pages (the router's guard).
 */
const SIGNED_IN_ONLY = [
  'app/layouts/warm-up.ts',
  'app/layouts/preferences-sync.tsx',
  'lib/outbox/outbox.ts',
  'ui/offline-banner/offline-banner.tsx',
];
const GUEST_FEATURES = ['auth', 'home', 'policy'];

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

function isGuestModule(file: string): boolean {
  const path = relative(src, file);
  if (SIGNED_IN_ONLY.includes(path)) return false;
  const feature = /^features\/([^/]+)\//.exec(path)?.[1];
  return feature === undefined || GUEST_FEATURES.includes(feature);
}

/** Every message id a module names in a string, and the prefixes of ids it builds (`error.${code}`). */
function walkGuestModules() {
  const seen = new Set<string>();
  const keys = new Map<string, string>();
  const prefixes = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file) || !isGuestModule(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const name = relative(src, file);
    const imports = [
      ...code.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'(\.[^']+)'/gm),
      ...code.matchAll(/^\s*import\s+'(\.[^']+)'/gm),
      ...code.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g),
    ];
    for (const match of imports) {
      const target = resolveImport(file, match[1] ?? '');
      if (target !== null) visit(target);
    }
    for (const match of code.matchAll(/['"`]([a-zA-Z]+\.[\w.-]+)['"`]/g)) {
      const key = match[1] ?? '';
      if (key in catalog && !keys.has(key)) keys.set(key, name);
    }
    for (const match of code.matchAll(/`([a-zA-Z]+\.[\w.]*)\$\{/g)) prefixes.set(match[1] ?? '', name);
  };
  for (const entry of GUEST_ENTRIES) visit(join(src, entry));
  return { seen, keys, prefixes };
}

describe('the catalog parts', () => {
  const { seen, keys, prefixes } = walkGuestModules();

  it('walks the guest pages and the shell they share', () => {
    expect(seen.size).toBeGreaterThan(50);
    expect(seen.has(join(src, 'app/locale-root.tsx'))).toBe(true);
    expect(keys.get('authError.loginFailed')).toBe('features/auth/routes/login-page.tsx');
    expect(keys.get('nav.signIn')).toBe('app/layouts/default-layout.tsx');
  });

  it('ship every message a guest page names in the guest catalog', () => {
    const misplaced = [...keys].filter(([key]) => isSignedInMessage(key)).map(([key, file]) => `${key} (${file})`);
    expect(misplaced).toEqual([]);
  });

  it('ship in the guest catalog every message a guest page builds from a prefix, but for server errors', () => {
    // `error.${code}`: a guest meets only the codes of GUEST_ERROR_CODES (identity, transport).
    const split = [...prefixes]
      .filter(([prefix]) => prefix !== 'error.')
      .filter(([prefix]) => Object.keys(catalog).some((key) => key.startsWith(prefix) && isSignedInMessage(key)))
      .map(([prefix, file]) => `${prefix} (${file})`);
    expect(split).toEqual([]);
  });

  it('keep the identity and transport errors with the guest and the records’ errors with the app', () => {
    expect(isSignedInMessage('error.verification_code_wrong')).toBe(false);
    expect(isSignedInMessage('error.rate_limited')).toBe(false);
    expect(isSignedInMessage('error.network')).toBe(false);
    expect(isSignedInMessage('error.transaction_not_found')).toBe(true);
    for (const code of GUEST_ERROR_CODES) expect(`error.${code}` in catalog, code).toBe(true);
  });

  it('name only sections the catalog has, and leave a new section with the guest', () => {
    const sections = new Set(Object.keys(catalog).map((key) => key.split('.')[0]));
    for (const section of SIGNED_IN_SECTIONS) expect(sections.has(section), section).toBe(true);
    expect(isSignedInMessage('somethingNew.title')).toBe(false);
    expect(isSignedInMessage('transactions.title')).toBe(true);
  });
});
