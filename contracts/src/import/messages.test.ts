import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_ERRORS, IMPORT_ROW_ERROR_CODES } from './errors.js';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');

describe('error texts', () => {
  it.each(['en', 'th', 'lo'])('every file and row error has a text in %s', (locale) => {
    const catalog = JSON.parse(readFileSync(join(locales, `${locale}.json`), 'utf8')) as Record<string, string>;
    const missing = [...IMPORT_FILE_ERRORS, ...IMPORT_ROW_ERROR_CODES].filter(
      (code) => !catalog[`import.error.${code}`],
    );
    expect(missing).toEqual([]);
    expect(catalog['import.error.import_file_too_large']).toMatch(/\{maxMegabytes\}.*\{maxRows, number\}/);
  });
});
