import type { TransactionView } from '@plenty/contracts/views/transactions';
import { describe, expect, it } from 'vitest';
import { fieldOfPath } from '../../lib/form/field-codes';
import {
  changesFrom,
  emptyForm,
  FIELD_MAPPING,
  formFromTransaction,
  leftToAssign,
  splitLinesFrom,
  validateForm,
  type SplitLineDraft,
  type TransactionFormValues,
} from './form';
import { savedTransaction } from './form-testing';

const line = (categoryId: string, amount: string, note = ''): SplitLineDraft => ({
  key: `${categoryId}-${amount}`,
  categoryId,
  amount,
  note,
});

/** A ฿1,250.50 expense split into food and household. */
const split: TransactionFormValues = {
  ...emptyForm('en', '2026-11-23', 'THB'),
  amount: '1,250.50',
  categoryId: 'builtin-food',
  splits: [line('builtin-food', '1000'), line('builtin-shopping', '250.50', 'soap')],
};

/** The ฿1,250.50 food expense saved, but for `overrides`. */
const saved = (overrides: Partial<TransactionView>): TransactionView =>
  savedTransaction({ amount: { amount: 125050, currency: 'THB' }, ...overrides });

describe('a split transaction in the form', () => {
  it('says exactly what is left to assign, in minor units, and goes below zero when over', () => {
    expect(leftToAssign(split, 'en')).toBe(0n);
    expect(leftToAssign({ ...split, amount: '1,250.51' }, 'en')).toBe(1n);
    expect(leftToAssign({ ...split, amount: '1,000' }, 'en')).toBe(-25050n);
    // A line not typed yet counts as nothing assigned.
    expect(leftToAssign({ ...split, splits: [line('builtin-food', '1000'), line('', '')] }, 'en')).toBe(25050n);
    expect(leftToAssign({ ...split, amount: '' }, 'en')).toBeNull();
    expect(leftToAssign({ ...split, splits: null }, 'en')).toBeNull();
  });

  it('refuses to save until the lines add up, and sends the first line category as the category', () => {
    expect(validateForm({ ...split, amount: '1,250.49' }, 'en')).toEqual({
      ok: false,
      errors: { splits: 'error.split_total_mismatch' },
    });
    const result = validateForm({ ...split, categoryId: 'builtin-transport' }, 'en');
    expect(result).toMatchObject({
      ok: true,
      fields: {
        categoryId: 'builtin-food',
        splits: [
          { categoryId: 'builtin-food', amount: 100000 },
          { categoryId: 'builtin-shopping', amount: 25050, note: 'soap' },
        ],
      },
    });
  });

  it('names a line without a category or amount before the total', () => {
    expect(validateForm({ ...split, splits: [line('builtin-food', '1250.50'), line('', '')] }, 'en')).toEqual({
      ok: false,
      errors: { splits: 'error.category_required' },
    });
    expect(
      validateForm({ ...split, splits: [line('builtin-food', '1250.50'), line('builtin-shopping', '')] }, 'en'),
    ).toEqual({ ok: false, errors: { splits: 'error.amount_required' } });
  });

  it('starts a split from the chosen category with a second empty line', () => {
    const lines = splitLinesFrom(split);
    expect(lines.map(({ categoryId, amount }) => ({ categoryId, amount }))).toEqual([
      { categoryId: 'builtin-food', amount: '' },
      { categoryId: '', amount: '' },
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(2);
  });

  it('opens a saved split with its lines as typed amounts', () => {
    const values = formFromTransaction(
      saved({
        splits: [
          { categoryId: 'builtin-food', amount: 100000, note: null },
          { categoryId: 'builtin-shopping', amount: 25050, note: 'soap' },
        ],
        tags: ['Trip'],
      }),
      'en',
    );
    expect(values.splits?.map(({ categoryId, amount, note }) => ({ categoryId, amount, note }))).toEqual([
      { categoryId: 'builtin-food', amount: '1000.00', note: '' },
      { categoryId: 'builtin-shopping', amount: '250.50', note: 'soap' },
    ]);
    expect(values.tags).toEqual(['Trip']);
  });
});

describe('what an edit of splits and tags sends', () => {
  const before = saved({
    splits: [
      { categoryId: 'builtin-food', amount: 100000, note: null },
      { categoryId: 'builtin-shopping', amount: 25050, note: 'soap' },
    ],
    tags: ['Trip'],
  });
  const fieldsOf = (values: TransactionFormValues) => {
    const result = validateForm(values, 'en');
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.fields;
  };
  const same = formFromTransaction(before, 'en');

  it('sends nothing when the lines and tags are the same', () => {
    expect(changesFrom(before, fieldsOf(same))).toEqual({});
  });

  it('sends splits: null to unsplit, with the category kept', () => {
    expect(changesFrom(before, fieldsOf({ ...same, splits: null, categoryId: 'builtin-food' }))).toEqual({
      splits: null,
    });
  });

  it('sends the lines again when the amount changes under them', () => {
    const changes = changesFrom(
      before,
      fieldsOf({
        ...same,
        amount: '1300.50',
        splits: [line('builtin-food', '1050'), line('builtin-shopping', '250.50', 'soap')],
      }),
    );
    expect(changes).toEqual({
      amount: { amount: 130050, currency: 'THB' },
      splits: [
        { categoryId: 'builtin-food', amount: 105000 },
        { categoryId: 'builtin-shopping', amount: 25050, note: 'soap' },
      ],
    });
  });

  it('sends the whole new set of tags, [] to clear them', () => {
    expect(changesFrom(before, fieldsOf({ ...same, tags: ['Trip', 'รีโนเวท'] }))).toEqual({ tags: ['Trip', 'รีโนเวท'] });
    expect(changesFrom(before, fieldsOf({ ...same, tags: [] }))).toEqual({ tags: [] });
  });
});

describe('server refusals of splits and tags', () => {
  it('land on the splits and tags fields', () => {
    expect(fieldOfPath('splits', FIELD_MAPPING)).toBe('splits');
    expect(fieldOfPath('changes.splits.1.categoryId', FIELD_MAPPING)).toBe('splits');
    expect(fieldOfPath('splits.0.amount', FIELD_MAPPING)).toBe('splits');
    expect(fieldOfPath('tags.3', FIELD_MAPPING)).toBe('tags');
    expect(FIELD_MAPPING.codes?.split_total_mismatch).toBe('splits');
    expect(FIELD_MAPPING.codes?.tag_duplicate).toBe('tags');
  });
});
