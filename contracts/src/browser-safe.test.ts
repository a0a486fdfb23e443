import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

/** Every source file under `dir` that ships to the browser (tests and type declarations left out). */
function shippedSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$|\.d\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const NODE_IMPORT = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"](node:[a-z_/]+|fs|path|crypto|os|child_process)['"]/;

describe('code the web app bundles', () => {
  it.each(['contracts/src', 'frontend/src'])(
    '%s imports no Node built-in, so the browser build has nothing to externalize',
    (dir) => {
      const offenders = shippedSources(join(root, dir))
        .filter((file) => NODE_IMPORT.test(readFileSync(file, 'utf8')))
        .map((file) => relative(root, file));
      expect(offenders).toEqual([]);
    },
  );

  it('the check itself sees an import of a Node built-in', () => {
    expect(NODE_IMPORT.test("import { createHash } from 'node:crypto';")).toBe(true);
    expect(NODE_IMPORT.test("import { z } from 'zod';")).toBe(false);
  });
});
