import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '@plenty/contracts/imports';
import { readImportFile, rereadTable } from './read-file';

const fileOf = (name: string, text: string, size?: number) => {
  const bytes = new TextEncoder().encode(text);
  return {
    name,
    size: size ?? bytes.length,
    arrayBuffer: () => Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
  };
};

describe('readImportFile', () => {
  it('refuses a file over the limit before reading it', async () => {
    let read = false;
    const big = {
      name: 'big.csv',
      size: IMPORT_MAX_BYTES + 1,
      arrayBuffer: () => ((read = true), Promise.resolve(new ArrayBuffer(0))),
    };
    await expect(readImportFile(big, 'THB')).resolves.toMatchObject({ error: 'import_file_too_large' });
    expect(read).toBe(false);
  });

  it('reads a file into its table, hash and a first mapping', async () => {
    const loaded = await readImportFile(
      fileOf('bank.csv', 'Date;Amount;Note\n05/03/2026;-120,50;Rice\n06/03/2026;1000;Pay\n'),
      'THB',
    );
    expect(loaded).toMatchObject({ name: 'bank.csv', encoding: 'utf-8', preset: null });
    if ('error' in loaded) throw new Error('not read');
    expect(loaded.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(loaded.table.delimiter).toBe(';');
    expect(loaded.table.header).toEqual(['Date', 'Amount', 'Note']);
    expect(loaded.mapping).toMatchObject({
      date: 0,
      amount: 1,
      note: 2,
      dateFormat: 'DD/MM/YYYY',
      decimal: ',',
      defaultCurrency: 'THB',
    });
  });

  it('says an empty file is empty', async () => {
    await expect(readImportFile(fileOf('empty.csv', '\n\n'), 'THB')).resolves.toMatchObject({
      error: 'import_file_empty',
    });
  });

  it('reads the text again without a header when the user says the first row is data', async () => {
    const loaded = await readImportFile(fileOf('bank.csv', 'Date,Amount\n2026-03-05,10\n'), 'THB');
    if ('error' in loaded) throw new Error('not read');
    const again = rereadTable(loaded, { delimiter: ',', hasHeader: false });
    if ('error' in again) throw new Error('not read');
    expect(again.table.header).toBeNull();
    expect(again.table.rows).toHaveLength(2);
  });
});
