import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Date arithmetic, time-zone math and "today" live in this folder only: a copy elsewhere would
 * drift from it (month ends, leap years, daylight saving). This scans every source file of the
 * packages (tests left out) for the usual signs of a copy and names the file.
 */

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const PACKAGES = [
  'command-api/src',
  'contracts/src',
  'frontend/src',
  'platform/src',
  'projections/src',
  'projector/src',
  'query-api/src',
  'standalone/src',
];

/** `Date.UTC(`, `setUTCDate(` / `setUTCFullYear(`, and cutting a date out of an ISO instant. */
const DATE_MATH = /Date\.UTC\(|\.setUTC(?:Date|FullYear|Month)\(|\.toISOString\(\)\.slice\(0,\s*10\)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$|\.d\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files (path from the repository root) with date math of their own. */
export function copiesOfDateMath(files: Readonly<Record<string, string>>): string[] {
  return Object.entries(files)
    .filter(([file, text]) => !file.startsWith('contracts/src/calendar/') && DATE_MATH.test(text))
    .map(([file]) => file);
}

describe('the calendar module', () => {
  it('finds date math outside it, naming the file', () => {
    expect(
      copiesOfDateMath({
        'frontend/src/a.ts': 'const day = new Date(Date.UTC(year, month - 1, day));',
        'query-api/src/b.ts': 'const today = now.toISOString().slice(0, 10);',
        'projector/src/c.ts': 'date.setUTCDate(date.getUTCDate() + 1);',
        'contracts/src/calendar/date.ts': 'Date.UTC(2026, 0, 1)',
        'platform/src/d.ts': "const at = Date.parse('2026-01-01T00:00:00.000Z');",
      }),
    ).toEqual(['frontend/src/a.ts', 'query-api/src/b.ts', 'projector/src/c.ts']);
  });

  it('is the only place that does date arithmetic', () => {
    const files = Object.fromEntries(
      PACKAGES.flatMap((dir) => sources(join(root, dir))).map((file) => [
        relative(root, file),
        readFileSync(file, 'utf8'),
      ]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(copiesOfDateMath(files)).toEqual([]);
  });
});
