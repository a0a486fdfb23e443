import { categoryFitsTransaction, type TransactionType } from '@plenty/contracts/categories';
import { categoryKey, walletKey, type DraftRow } from '@plenty/contracts/import/index';
import type { Currency } from '@plenty/contracts/money';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { CategoryView } from '@plenty/contracts/views/categories';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { DEFAULT_WALLET_COLOR, DEFAULT_WALLET_ICON } from '@plenty/contracts/wallets';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCommand } from '../../../lib/api/use-command';
import type { MessageId } from '../../../lib/messages';
import { walletName } from '../../../lib/wallet-name';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { Field } from '../../../ui/field/field';
import fieldStyles from '../../../ui/field/field.module.css';
import { categoryLabel } from '../../../ui/history/use-transaction-writers';
import { Spinner } from '../../../ui/spinner';
import styles from '../import.module.css';

/** How a category made from a file's name looks until the user changes it: the "more" icon, slate. */
const NEW_CATEGORY_LOOK = { icon: 'dots', color: '#64748b' } as const;

/** The choice for a name that matches nothing: make it, or use one the user has. */
export const CREATE_NEW = 'new';

/** A category name of the file that matches none of the user's categories of its type. */
export interface UnknownCategory {
  readonly key: string;
  readonly type: TransactionType;
  readonly name: string;
  readonly rows: number;
}
/** A wallet name of the file that matches none of the user's wallets of its currency. */
export interface UnknownWallet {
  readonly key: string;
  readonly currency: Currency;
  readonly name: string;
  readonly rows: number;
  /** The first date of its rows: the new wallet opens then. */
  readonly from: string;
}

/** The names of `drafts` that `matched` (by `categoryKey` / `walletKey`) gave no id. */
export function unknownNames(
  drafts: readonly DraftRow[],
  categories: ReadonlyMap<string, string | null>,
  wallets: ReadonlyMap<string, string | null>,
): { categories: UnknownCategory[]; wallets: UnknownWallet[] } {
  const unknownCategories = new Map<string, UnknownCategory>();
  const unknownWallets = new Map<string, UnknownWallet>();
  for (const draft of drafts) {
    if (draft.category !== null) {
      const key = categoryKey(draft.type, draft.category);
      if (categories.get(key) === null) {
        const seen = unknownCategories.get(key);
        unknownCategories.set(key, {
          key,
          type: draft.type,
          name: seen?.name ?? draft.category,
          rows: (seen?.rows ?? 0) + 1,
        });
      }
    }
    if (draft.wallet !== null) {
      const key = walletKey(draft.amount.currency, draft.wallet);
      if (wallets.get(key) === null) {
        const seen = unknownWallets.get(key);
        unknownWallets.set(key, {
          key,
          currency: draft.amount.currency,
          name: seen?.name ?? draft.wallet,
          rows: (seen?.rows ?? 0) + 1,
          from: seen === undefined || draft.date < seen.from ? draft.date : seen.from,
        });
      }
    }
  }
  return { categories: [...unknownCategories.values()], wallets: [...unknownWallets.values()] };
}

export interface NamesStepProps {
  readonly unknown: { readonly categories: readonly UnknownCategory[]; readonly wallets: readonly UnknownWallet[] };
  readonly categories: readonly CategoryView[];
  readonly wallets: readonly WalletView[];
  /** Ids for the unknown names, once chosen or created (keyed like `unknown`). */
  onContinue(categoryIds: ReadonlyMap<string, string>, walletIds: ReadonlyMap<string, string>): void;
  onBack(): void;
}

type Failure = { readonly key: string; readonly message: MessageId };

/**
 * Step 3: the category and wallet names of the file that match nothing, each with "Create new"
 * (the default) or one of the user's own of the right type or currency; "Create all" makes the
 * new ones in one go (AddCategory / OpenWallet, each with a fresh id kept across retries).
 */
export function NamesStep({ unknown, categories, wallets, onContinue, onBack }: NamesStepProps) {
  const intl = useIntl();
  const addCategory = useCommand('AddCategory');
  const openWallet = useCommand('OpenWallet');
  const [choices, setChoices] = useState<Readonly<Record<string, string>>>({});
  const [created, setCreated] = useState<Readonly<Record<string, string>>>({});
  const [failures, setFailures] = useState<readonly Failure[]>([]);
  const [busy, setBusy] = useState(false);
  // A name's new id is made once, so creating it again after a lost answer makes no second one.
  const newIds = useRef(new Map<string, string>());
  const idFor = (key: string) => {
    const known = newIds.current.get(key);
    if (known !== undefined) return known;
    const made = uuidV7();
    newIds.current.set(key, made);
    return made;
  };
  const choiceOf = (key: string) => choices[key] ?? CREATE_NEW;
  const translate = (id: MessageId) => intl.formatMessage({ id });
  const pending = [
    ...unknown.categories.filter((c) => choiceOf(c.key) === CREATE_NEW && created[c.key] === undefined),
    ...unknown.wallets.filter((w) => choiceOf(w.key) === CREATE_NEW && created[w.key] === undefined),
  ].length;

  const createAll = async (): Promise<Record<string, string> | null> => {
    setBusy(true);
    const made: Record<string, string> = { ...created };
    const failed: Failure[] = [];
    for (const category of unknown.categories) {
      if (choiceOf(category.key) !== CREATE_NEW || made[category.key] !== undefined) continue;
      const categoryId = idFor(category.key);
      const outcome = await addCategory.run({
        categoryId,
        name: category.name,
        type: category.type,
        ...NEW_CATEGORY_LOOK,
      });
      if (outcome.ok) made[category.key] = categoryId;
      else failed.push({ key: category.key, message: outcome.error.messageId });
    }
    for (const wallet of unknown.wallets) {
      if (choiceOf(wallet.key) !== CREATE_NEW || made[wallet.key] !== undefined) continue;
      const walletId = idFor(wallet.key);
      const outcome = await openWallet.run({
        walletId,
        name: wallet.name,
        kind: 'other',
        currency: wallet.currency,
        openingBalance: 0,
        openingDate: wallet.from,
        icon: DEFAULT_WALLET_ICON,
        color: DEFAULT_WALLET_COLOR,
        excludeFromTotals: false,
      });
      if (outcome.ok) made[wallet.key] = walletId;
      else failed.push({ key: wallet.key, message: outcome.error.messageId });
    }
    setCreated(made);
    setFailures(failed);
    setBusy(false);
    return failed.length === 0 ? made : null;
  };

  const next = async () => {
    if (busy) return;
    const made = pending > 0 ? await createAll() : created;
    if (made === null) return;
    const pick = (key: string) => {
      const choice = choiceOf(key);
      return choice === CREATE_NEW ? made[key] : choice;
    };
    const categoryIds = new Map<string, string>();
    for (const c of unknown.categories) {
      const id = pick(c.key);
      if (id !== undefined) categoryIds.set(c.key, id);
    }
    const walletIds = new Map<string, string>();
    for (const w of unknown.wallets) {
      const id = pick(w.key);
      if (id !== undefined) walletIds.set(w.key, id);
    }
    onContinue(categoryIds, walletIds);
  };

  const failureOf = (key: string) => failures.find((f) => f.key === key)?.message ?? null;
  const choose = (key: string, value: string) => setChoices((current) => ({ ...current, [key]: value }));

  return (
    <Card title={<FormattedMessage id="import.names.title" />} gap="medium" testId="import-names">
      <p className={styles.muted}>
        <FormattedMessage id="import.names.lead" />
      </p>
      {unknown.categories.length > 0 && (
        <section aria-labelledby="import-unknown-categories">
          <h3 id="import-unknown-categories" className={styles.subTitle}>
            <FormattedMessage id="import.names.categories" values={{ count: unknown.categories.length }} />
          </h3>
          <div className={styles.fieldGrid} data-testid="import-unknown-categories">
            {unknown.categories.map((category) => {
              const fitting = categories.filter((c) => categoryFitsTransaction(c.type, category.type));
              return (
                <Field
                  key={category.key}
                  label={category.type === 'income' ? 'import.names.incomeCategory' : 'import.names.expenseCategory'}
                  values={{ name: category.name, rows: String(category.rows) }}
                  error={failureOf(category.key)}
                  data-field={category.key}
                >
                  {(control) => (
                    <select
                      {...control}
                      className={fieldStyles.input}
                      value={created[category.key] ?? choiceOf(category.key)}
                      disabled={created[category.key] !== undefined}
                      data-testid="import-unknown-category"
                      data-name={category.name}
                      onChange={(event) => choose(category.key, event.target.value)}
                    >
                      {created[category.key] !== undefined ? (
                        <option value={created[category.key]}>
                          {intl.formatMessage({ id: 'import.names.created' }, { name: category.name })}
                        </option>
                      ) : (
                        <option value={CREATE_NEW}>
                          {intl.formatMessage({ id: 'import.names.createNew' }, { name: category.name })}
                        </option>
                      )}
                      {fitting.map((c) => (
                        <option key={c.id} value={c.id}>
                          {categoryLabel(c, translate)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              );
            })}
          </div>
        </section>
      )}
      {unknown.wallets.length > 0 && (
        <section aria-labelledby="import-unknown-wallets">
          <h3 id="import-unknown-wallets" className={styles.subTitle}>
            <FormattedMessage id="import.names.wallets" values={{ count: unknown.wallets.length }} />
          </h3>
          <div className={styles.fieldGrid} data-testid="import-unknown-wallets">
            {unknown.wallets.map((wallet) => {
              const fitting = wallets.filter((w) => w.currency === wallet.currency && !w.archived);
              return (
                <Field
                  key={wallet.key}
                  label="import.names.wallet"
                  values={{ name: wallet.name, currency: wallet.currency, rows: String(wallet.rows) }}
                  error={failureOf(wallet.key)}
                  data-field={wallet.key}
                >
                  {(control) => (
                    <select
                      {...control}
                      className={fieldStyles.input}
                      value={created[wallet.key] ?? choiceOf(wallet.key)}
                      disabled={created[wallet.key] !== undefined}
                      data-testid="import-unknown-wallet"
                      data-name={wallet.name}
                      onChange={(event) => choose(wallet.key, event.target.value)}
                    >
                      {created[wallet.key] !== undefined ? (
                        <option value={created[wallet.key]}>
                          {intl.formatMessage({ id: 'import.names.created' }, { name: wallet.name })}
                        </option>
                      ) : (
                        <option value={CREATE_NEW}>
                          {intl.formatMessage({ id: 'import.names.createNew' }, { name: wallet.name })}
                        </option>
                      )}
                      {fitting.map((w) => (
                        <option key={w.id} value={w.id}>
                          {walletName(intl, w)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              );
            })}
          </div>
        </section>
      )}
      <div className={styles.actions}>
        <button type="button" className={buttonClass('secondary')} onClick={onBack} data-testid="import-back">
          <FormattedMessage id="import.back" />
        </button>
        {pending > 0 && (
          <button
            type="button"
            className={buttonClass('secondary')}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) void createAll();
            }}
            data-testid="import-create-all"
          >
            {busy && <Spinner />}
            <FormattedMessage id="import.names.createAll" values={{ count: pending }} />
          </button>
        )}
        <button
          type="button"
          className={buttonClass('primary')}
          aria-disabled={busy}
          onClick={() => void next()}
          data-testid="import-names-continue"
        >
          <FormattedMessage id="import.continue" />
        </button>
      </div>
      <p role="status" className={styles.muted} data-testid="import-names-status">
        {busy ? <FormattedMessage id="import.names.creating" /> : null}
      </p>
    </Card>
  );
}
