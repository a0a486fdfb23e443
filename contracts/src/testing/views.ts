import type { CategoryView } from '../views/categories.js';
import type { WalletView } from '../views/wallets.js';

/*
 * Category and wallet views as `GET /categories` and `GET /wallets` answer them, for the tests of
 * every package that read them (matching, forms, pickers, the export read back).
 */

/** A built-in category (`builtin-<slug>`, named by its catalog key). */
export const builtInCategory = (
  slug: string,
  type: CategoryView['type'],
  fields: Partial<CategoryView> = {},
): CategoryView => ({
  id: `builtin-${slug}`,
  name: null,
  nameKey: `category.builtin.${slug}`,
  type,
  icon: 'dots',
  color: '#64748b',
  builtIn: true,
  ...fields,
});

/** A category the user made, named `name`. */
export const customCategory = (
  id: string,
  name: string,
  type: CategoryView['type'],
  fields: Partial<CategoryView> = {},
): CategoryView => ({
  id,
  name,
  nameKey: null,
  type,
  icon: 'coffee',
  color: '#f97316',
  builtIn: false,
  ...fields,
});

/**
 * A wallet: a bank wallet in kip with nothing in it, made on 1 November 2026, changed by
 * `fields`.
 */
export const walletView = (fields: Partial<WalletView> & Pick<WalletView, 'id'>): WalletView => ({
  name: 'BCEL One',
  nameKey: null,
  isDefault: false,
  kind: 'bank',
  currency: 'LAK',
  icon: 'wallet',
  color: '#2563eb',
  openingBalance: 0,
  openingDate: null,
  excludeFromTotals: false,
  archived: false,
  balance: 0,
  lastReconciledOn: null,
  movementCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});
