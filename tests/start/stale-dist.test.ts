import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start`'s build (standalone/scripts/build.mjs) run on a copy of the checkout holding the
 * contracts package only, so that altering its `dist` touches nobody else's build.
 */
interface Build {
  ensureBuilt(options: {
    web: boolean;
    packages: readonly string[];
    log: (line: string) => void;
  }): Promise<{ server: string[]; web: boolean }>;
}

const checkout = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'plenty-stale-dist-'));
const dist = join(root, 'contracts', 'dist');
let build: Build;
const ensureBuilt = () => build.ensureBuilt({ web: false, packages: ['contracts'], log: () => {} });

// Each test runs tsc on the package, seconds on two busy cores: bounds for a hang, not for speed.
const BUILD_TIMEOUT = 120_000;

beforeAll(async () => {
  for (const path of ['package.json', 'tsconfig.base.json', 'standalone/scripts/build.mjs', 'contracts/src']) {
    cpSync(join(checkout, path), join(root, path), { recursive: true });
  }
  for (const file of ['package.json', 'tsconfig.json']) {
    cpSync(join(checkout, 'contracts', file), join(root, 'contracts', file));
  }
  symlinkSync(join(checkout, 'node_modules'), join(root, 'node_modules'));
  build = (await import(pathToFileURL(join(root, 'standalone/scripts/build.mjs')).href)) as Build;
  expect(await ensureBuilt()).toEqual({ server: ['contracts'], web: false });
}, BUILD_TIMEOUT);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const file = (name: string) => join(dist, name);
const later = (path: string) => {
  const when = new Date(Date.now() + 60_000);
  utimesSync(path, when, when);
};

describe("npm start's build and what is in dist", { timeout: BUILD_TIMEOUT }, () => {
  it('builds nothing when the inputs and every emitted file are as the build left them', async () => {
    expect(await ensureBuilt()).toEqual({ server: [], web: false });
  });

  it('builds nothing when a file was rewritten with the same bytes (only its time changed)', async () => {
    later(file('money.js'));
    expect(await ensureBuilt()).toEqual({ server: [], web: false });
    expect(await ensureBuilt()).toEqual({ server: [], web: false });
  });

  it('builds the package again when tsc -b (or a branch switch) left a different file in dist', async () => {
    const built = readFileSync(file('money.js'), 'utf8');
    // What another build wrote for other sources: other bytes, a later time.
    writeFileSync(file('money.js'), `${built}\nexport const fromAnotherBranch = 1;\n`);
    expect(await ensureBuilt()).toEqual({ server: ['contracts'], web: false });
    expect(readFileSync(file('money.js'), 'utf8')).toBe(built);
  });

  it('builds the package again when a file it emitted is gone', async () => {
    rmSync(file('money.js'));
    expect(await ensureBuilt()).toEqual({ server: ['contracts'], web: false });
    expect(existsSync(file('money.js'))).toBe(true);
  });

  it('builds the package again when dist holds JavaScript the build did not emit, and leaves tests and declarations alone', async () => {
    // tsc -b also writes declarations and compiled tests: not run by the server, not a change.
    writeFileSync(file('money.d.ts'), 'export {};\n');
    writeFileSync(file('money.test.js'), 'export {};\n');
    expect(await ensureBuilt()).toEqual({ server: [], web: false });
    // A module of a source that no longer exists (it is gone on this branch).
    writeFileSync(file('removed-on-this-branch.js'), 'export const stale = true;\n');
    expect(await ensureBuilt()).toEqual({ server: ['contracts'], web: false });
    expect(existsSync(file('removed-on-this-branch.js'))).toBe(false);
  });
});
