import { describe, expect, it } from 'vitest';
import { searchKey } from './transactions.js';

describe('search key', () => {
  it('folds case and composes marks, leaving Thai and Lao as they are', () => {
    expect(searchKey('Lunch with NOY')).toContain(searchKey('noy'));
    expect(searchKey('Caf\u00e9 Noy')).toContain(searchKey('cafe\u0301'));
    expect(searchKey('ข้าวมันไก่ ร้านป้า')).toContain(searchKey('มันไก่'));
    expect(searchKey('ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ')).toContain(searchKey('ຕະຫຼາດ'));
  });
});
