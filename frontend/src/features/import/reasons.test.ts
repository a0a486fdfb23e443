import { describe, expect, it } from 'vitest';
import { skippedReasonMessage } from './reasons';

describe('skippedReasonMessage', () => {
  const known = (ids: string[]) => (id: string) => ids.includes(id);

  it('names a skipped look-alike as a possible duplicate', () => {
    expect(skippedReasonMessage('duplicate', known([]))).toBe('import.skipped.duplicate');
  });

  it("reads a file-reading code from the import's own errors first", () => {
    expect(skippedReasonMessage('import_date_invalid', known(['import.error.import_date_invalid']))).toBe(
      'import.error.import_date_invalid',
    );
  });

  it("reads a server's refusal from the error texts, and an unknown code as refused", () => {
    expect(skippedReasonMessage('wallet_archived', known(['error.wallet_archived']))).toBe('error.wallet_archived');
    expect(skippedReasonMessage('something_new', known([]))).toBe('import.skipped.other');
  });
});
