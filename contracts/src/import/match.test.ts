import { describe, expect, it } from 'vitest';
import { builtInCategory, customCategory, walletView } from '../testing/views.js';
import type { WalletView } from '../views/wallets.js';
import { USE_DEFAULT_WALLET, categoryKey, matchCategories, matchWallets, walletKey, type Catalogs } from './match.js';

const catalogs: Catalogs = [
  {
    'category.builtin.food': 'Food',
    'category.builtin.salary': 'Salary',
    'category.builtin.gifts': 'Gifts',
    'wallet.default': 'Cash',
  },
  {
    'category.builtin.food': 'อาหาร',
    'category.builtin.salary': 'เงินเดือน',
    'category.builtin.gifts': 'ของขวัญ',
    'wallet.default': 'เงินสด',
  },
  {
    'category.builtin.food': 'ອາຫານ',
    'category.builtin.salary': 'ເງິນເດືອນ',
    'category.builtin.gifts': 'ຂອງຂວັນ',
    'wallet.default': 'ເງິນສົດ',
  },
];

const CUSTOM_FOOD = '11111111-1111-4111-8111-111111111111';
const BONUS = '22222222-2222-4222-8222-222222222222';
const categories = [
  builtInCategory('food', 'expense'),
  builtInCategory('salary', 'income'),
  builtInCategory('gifts', 'general'),
  customCategory(BONUS, 'Bonus', 'income'),
];

describe('matchCategories', () => {
  it('matches built-in names in every language, case, NFC and spaces aside', () => {
    const names = [
      { type: 'expense' as const, name: ' FOOD ' },
      { type: 'expense' as const, name: 'อาหาร' },
      { type: 'expense' as const, name: 'ອາຫານ' },
      { type: 'income' as const, name: 'เงินเดือน' },
      { type: 'expense' as const, name: 'ຂອງຂວັນ' },
      { type: 'income' as const, name: 'gifts' },
    ];
    const result = matchCategories(names, categories, catalogs);
    expect(names.map((n) => result.get(categoryKey(n.type, n.name)))).toEqual([
      'builtin-food',
      'builtin-food',
      'builtin-food',
      'builtin-salary',
      'builtin-gifts',
      'builtin-gifts',
    ]);
  });

  it('matches custom categories by their name, NFC or not', () => {
    const decomposed = 'Cafe\u0301';
    const cafe = customCategory('33333333-3333-4333-8333-333333333333', 'Café', 'expense');
    const result = matchCategories(
      [
        { type: 'income', name: 'bonus' },
        { type: 'expense', name: decomposed },
      ],
      [...categories, cafe],
      catalogs,
    );
    expect(result.get(categoryKey('income', 'bonus'))).toBe(BONUS);
    expect(result.get(categoryKey('expense', 'Café'))).toBe(cafe.id);
  });

  it('a name of the other type only, or of nothing, is unknown (null)', () => {
    const result = matchCategories(
      [
        { type: 'income', name: 'Food' },
        { type: 'expense', name: 'Bonus' },
        { type: 'expense', name: 'Dining' },
      ],
      categories,
      catalogs,
    );
    expect([...result.values()]).toEqual([null, null, null]);
  });

  it("prefers the row's own type, then a custom category, and reads 'Group: Category' by its last part", () => {
    const mine = customCategory(CUSTOM_FOOD, 'Food', 'general');
    const result = matchCategories(
      [
        { type: 'expense', name: 'Food' },
        { type: 'income', name: 'Food' },
        { type: 'expense', name: 'Everyday: Food' },
      ],
      [...categories, mine],
      catalogs,
    );
    expect(result.get(categoryKey('expense', 'Food'))).toBe('builtin-food');
    expect(result.get(categoryKey('income', 'Food'))).toBe(CUSTOM_FOOD);
    expect(result.get(categoryKey('expense', 'Everyday: Food'))).toBe('builtin-food');
  });

  it('knows the built-ins even when the list given lacks them', () => {
    const result = matchCategories([{ type: 'expense', name: 'อาหาร' }], [], catalogs);
    expect(result.get(categoryKey('expense', 'อาหาร'))).toBe('builtin-food');
  });
});

const wallet = (
  id: string,
  name: string | null,
  currency: WalletView['currency'],
  extra: Partial<WalletView> = {},
): WalletView =>
  walletView({
    id,
    name,
    nameKey: name === null ? 'wallet.default' : null,
    isDefault: name === null,
    currency,
    ...extra,
  });

const BANK = '44444444-4444-4444-8444-444444444444';
const OLD_BANK = '55555555-5555-4555-8555-555555555555';
const CASH_LAK = '66666666-6666-4666-8666-666666666666';

describe('matchWallets', () => {
  it('matches a wallet of the same currency by name, an unarchived one first', () => {
    const wallets = [wallet(OLD_BANK, 'BCEL', 'LAK', { archived: true }), wallet(BANK, 'bcel', 'LAK')];
    const result = matchWallets(
      [
        { currency: 'LAK', name: 'BCEL ' },
        { currency: 'THB', name: 'BCEL' },
      ],
      wallets,
      catalogs,
    );
    expect(result.get(walletKey('LAK', 'BCEL'))).toBe(BANK);
    expect(result.get(walletKey('THB', 'BCEL'))).toBeNull();
  });

  it('matches the default wallet by its name in every language, listed or not', () => {
    const result = matchWallets(
      [
        { currency: 'LAK', name: 'ເງິນສົດ' },
        { currency: 'LAK', name: 'cash' },
        { currency: 'THB', name: 'เงินสด' },
      ],
      [wallet(CASH_LAK, null, 'LAK')],
      catalogs,
    );
    expect(result.get(walletKey('LAK', 'ເງິນສົດ'))).toBe(CASH_LAK);
    expect(result.get(walletKey('LAK', 'cash'))).toBe(CASH_LAK);
    expect(result.get(walletKey('THB', 'เงินสด'))).toBe(USE_DEFAULT_WALLET);
  });
});
