import type { CommandRequest } from '@plenty/contracts/commands/registry';
import type { CategoryType, TransactionType } from '@plenty/contracts/categories';
import type { CategoryView } from '@plenty/contracts/views/categories';

/** What the add and edit dialog holds while the user fills it in. */
export interface CategoryDraft {
  readonly name: string;
  readonly type: CategoryType;
  readonly icon: string | null;
  readonly color: string | null;
}

export type CategoryField = 'name' | 'icon' | 'color';
export type CategoryErrors = Partial<
  Record<
    CategoryField,
    | 'error.name_required'
    | 'error.category_name_taken'
    | 'error.icon_required'
    | 'error.color_required'
    | 'categories.validation.nameTooLong'
    | 'categories.validation.colorInvalid'
  >
>;

/** As the server allows (contracts LIMITS.categoryName). */
export const CATEGORY_NAME_MAX = 40;
export const FALLBACK_CATEGORY_ID = 'builtin-other';

const HEX = /^#[0-9a-f]{6}$/;

/** `#rgb`, `#rrggbb`, with or without `#`, any case → `#rrggbb`; null when it is not a color. */
export function normalizeHex(input: string): string | null {
  let hex = input.trim().toLowerCase();
  if (!hex.startsWith('#')) hex = `#${hex}`;
  if (/^#[0-9a-f]{3}$/.test(hex)) hex = `#${[...hex.slice(1)].map((d) => d + d).join('')}`;
  return HEX.test(hex) ? hex : null;
}

export function isHexColor(input: string): boolean {
  return HEX.test(input.trim().toLowerCase());
}

/** The text color that reads best on a background color: near-white or near-black. */
export function readableOn(color: string): '#ffffff' | '#0f1828' {
  const hex = normalizeHex(color) ?? '#64748b';
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // White wins when its contrast (1.05 / (L + 0.05)) beats that of #0f1828 (L ≈ 0.009).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0593 ? '#ffffff' : '#0f1828';
}

/** Case-insensitive (in the user's language), ignoring spaces around and doubled inside. */
export function sameCategoryName(a: string, b: string): boolean {
  const clean = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return clean(a) === clean(b);
}

/**
 * Whether another custom category already has this name. Built-ins are named by the app, in
 * each language; like the server, only the user's own names count.
 */
export function categoryNameTaken(name: string, categories: readonly CategoryView[], exceptId?: string): boolean {
  return categories.some(
    (category) =>
      !category.builtIn && category.id !== exceptId && category.name !== null && sameCategoryName(category.name, name),
  );
}

/** The first problem of each field, in the order the spec lists them. */
export function validateCategory(
  draft: CategoryDraft,
  categories: readonly CategoryView[],
  exceptId?: string,
): CategoryErrors {
  const errors: { -readonly [K in keyof CategoryErrors]: CategoryErrors[K] } = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'error.name_required';
  else if ([...name].length > CATEGORY_NAME_MAX) errors.name = 'categories.validation.nameTooLong';
  else if (categoryNameTaken(name, categories, exceptId)) errors.name = 'error.category_name_taken';
  if (draft.icon === null || draft.icon === '') errors.icon = 'error.icon_required';
  if (draft.color === null || draft.color.trim() === '') errors.color = 'error.color_required';
  else if (!isHexColor(draft.color)) errors.color = 'categories.validation.colorInvalid';
  return errors;
}

/** Whether a category belongs in a list for this transaction type (general ones fit both). */
export function fitsFilter(candidate: CategoryType, filter: TransactionType | undefined): boolean {
  return filter === undefined || candidate === 'general' || candidate === filter;
}

/**
 * Where the transactions of a deleted category can move: any other category of the same type,
 * or a general one (as the server checks). A general category's transactions may be income or
 * expenses, so only general categories can take them.
 */
export function replacementChoices(deleted: CategoryView, categories: readonly CategoryView[]): CategoryView[] {
  return categories.filter(
    (category) => category.id !== deleted.id && (category.type === 'general' || category.type === deleted.type),
  );
}

/** The built-in "Other" (general, so it fits every type) unless it is missing from the list. */
export function defaultReplacement(deleted: CategoryView, categories: readonly CategoryView[]): string | null {
  const choices = replacementChoices(deleted, categories);
  return (choices.find((category) => category.id === FALLBACK_CATEGORY_ID) ?? choices[0])?.id ?? null;
}

/** The `changes` of EditCategory, as its contracts schema takes them. */
export type CategoryChanges = { -readonly [K in keyof EditChanges]: EditChanges[K] };
type EditChanges = CommandRequest<'EditCategory'>['changes'];

/** The changed fields of an edit; empty when nothing changed. */
export function categoryChanges(
  before: CategoryView,
  draft: { readonly name: string; readonly type: CategoryType; readonly icon: string; readonly color: string },
): CategoryChanges {
  const changes: CategoryChanges = {};
  const name = draft.name.trim();
  if (name !== before.name) changes.name = name;
  if (draft.type !== before.type) changes.type = draft.type;
  if (draft.icon !== before.icon) changes.icon = draft.icon;
  const color = normalizeHex(draft.color) ?? draft.color;
  if (color !== before.color.toLowerCase()) changes.color = color;
  return changes;
}
