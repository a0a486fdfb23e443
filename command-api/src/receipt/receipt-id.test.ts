import { describe, expect, it } from 'vitest';
import { blobIdOf } from '@plenty/platform/blob-store/port';
import { receiptIdFor } from './receipt-id.js';

const hash = 'a'.repeat(64);

describe('receipt ids', () => {
  it('are the same for the same user and bytes, and a valid blob id', () => {
    const id = receiptIdFor('alice', hash);
    expect(receiptIdFor('alice', hash)).toBe(id);
    expect(blobIdOf(id)).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differ between users and between contents', () => {
    expect(receiptIdFor('bob', hash)).not.toBe(receiptIdFor('alice', hash));
    expect(receiptIdFor('alice', 'b'.repeat(64))).not.toBe(receiptIdFor('alice', hash));
  });
});
