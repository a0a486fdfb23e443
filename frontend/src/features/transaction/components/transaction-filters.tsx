import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
import { cardClass } from '../../../ui/card/card';
import { Field } from '../../../ui/field/field';
import field from '../../../ui/field/field.module.css';
import {
  isFiltered,
  MAX_SEARCH_LENGTH,
  NO_FILTERS,
  SORTS,
  TYPES,
  type TransactionFilters as Filters,
} from '../filters';
import { categoryLabel, useWriters } from '../../../ui/history/use-transaction-writers';
import { walletName } from '../../../lib/wallet-name';
import styles from './transaction-filters.module.css';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { isCalendarDate } from '@plenty/contracts/calendar/date';
import { DateField } from '../../../ui/date-field/date-field';
import { useTagsQuery } from '../../../lib/api/tags';
import { LocalizedLink } from '../../../lib/localized-link';
import { DATE_RANGE_PRESETS, presetRange, type DateRangePreset } from '../../../lib/date-range';
import { tagKey } from '@plenty/contracts/tags';
import { presetOf } from '../filters';

const SEARCH_DELAY_MS = 300;

const PRESET_LABELS: Record<DateRangePreset | 'all' | 'custom', MessageId> = {
  all: 'transactions.range.all',
  thisMonth: 'transactions.range.thisMonth',
  lastMonth: 'transactions.range.lastMonth',
  thisYear: 'transactions.range.thisYear',
  last30Days: 'transactions.range.last30',
  custom: 'transactions.range.custom',
};

const SORT_LABELS: Record<(typeof SORTS)[number], MessageId> = {
  newest: 'transactions.sort.newest',
  oldest: 'transactions.sort.oldest',
  highest: 'transactions.sort.highest',
  lowest: 'transactions.sort.lowest',
};

/**
 * Type, category, wallet, dates (presets in the user's time zone, or a custom range), tag, sort
 * and a search as you type (debounced), as a search landmark; "Clear filters" resets them.
 */
export function TransactionFilters({
  filters,
  onChange,
}: {
  readonly filters: Filters;
  onChange(next: Filters): void;
}) {
  const intl = useIntl();
  const writers = useWriters();
  const id = useId();
  const [search, setSearch] = useState(filters.q);
  const latest = useRef(filters);
  latest.current = filters;
  // Amounts of several currencies are ordered by their value in the display currency (the server's rule).
  const byValue = (filters.sort === 'highest' || filters.sort === 'lowest') && writers.preferences !== null;
  const today = todayIn(writers.preferences?.timeZone);
  const preset = presetOf(filters, today);
  // "Custom" stays open once chosen, even before a day is typed.
  const [customOpen, setCustomOpen] = useState(preset === 'custom');
  const showCustom = customOpen || preset === 'custom';
  const tags = useTagsQuery().data ?? [];

  // The address changed from elsewhere (clear, back button): show its search text.
  const [addressQ, setAddressQ] = useState(filters.q);
  if (addressQ !== filters.q) {
    setAddressQ(filters.q);
    if (search.trim() !== filters.q) setSearch(filters.q);
  }

  useEffect(() => {
    if (search.trim() === latest.current.q) return;
    const timer = setTimeout(() => onChange({ ...latest.current, q: search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  const categories = writers.categories
    .filter((category) => filters.type === null || category.type === 'general' || category.type === filters.type)
    .map((category) => ({
      id: category.id,
      label: categoryLabel(category, (messageId) => intl.formatMessage({ id: messageId })),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, intl.locale));
  // Archived wallets stay listed (their transactions are still there), after the others.
  const wallets = [...writers.wallets]
    .sort((a, b) => Number(a.archived) - Number(b.archived))
    .map((wallet) => ({
      value: wallet.id,
      label: wallet.archived
        ? intl.formatMessage({ id: 'transaction.wallet.archivedOption' }, { name: walletName(intl, wallet) })
        : walletName(intl, wallet),
    }));

  return (
    <form
      className={`${cardClass} ${styles.filters}`}
      role="search"
      aria-label={intl.formatMessage({ id: 'transactions.filters' })}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, q: search });
      }}
    >
      <FilterSelect
        label="transactions.filter.type"
        value={filters.type ?? ''}
        options={[
          { value: '', label: intl.formatMessage({ id: 'transactions.filter.allTypes' }) },
          ...TYPES.map((type) => ({ value: type, label: writers.type(type) })),
        ]}
        onChange={(value) => {
          const type = TYPES.find((entry) => entry === value) ?? null;
          const category = writers.categories.find((c) => c.id === filters.categoryId);
          const keepCategory =
            type === null || category === undefined || category.type === 'general' || category.type === type;
          onChange({ ...filters, type, categoryId: keepCategory ? filters.categoryId : null });
        }}
      />
      <FilterSelect
        label="transactions.filter.category"
        value={filters.categoryId ?? ''}
        options={[
          { value: '', label: intl.formatMessage({ id: 'transactions.filter.allCategories' }) },
          // A category the list no longer offers (deleted, other type) still shows while chosen.
          ...(filters.categoryId !== null && !categories.some((c) => c.id === filters.categoryId)
            ? [{ value: filters.categoryId, label: writers.category(filters.categoryId) }]
            : []),
          ...categories.map((category) => ({ value: category.id, label: category.label })),
        ]}
        onChange={(value) => onChange({ ...filters, categoryId: value === '' ? null : value })}
      />
      {(writers.wallets.length > 1 || filters.walletId !== null) && (
        <FilterSelect
          label="transaction.wallet.filter"
          value={filters.walletId ?? ''}
          options={[
            { value: '', label: intl.formatMessage({ id: 'transaction.wallet.all' }) },
            // A wallet the list does not hold (a link from elsewhere) still shows while chosen.
            ...(filters.walletId !== null && !wallets.some((w) => w.value === filters.walletId)
              ? [{ value: filters.walletId, label: writers.wallet(filters.walletId) }]
              : []),
            ...wallets,
          ]}
          onChange={(value) => onChange({ ...filters, walletId: value === '' ? null : value })}
        />
      )}
      <FilterSelect
        label="transactions.filter.dates"
        value={showCustom ? 'custom' : preset}
        testId="filter-dates"
        options={(['all', ...DATE_RANGE_PRESETS, 'custom'] as const).map((value) => ({
          value,
          label: intl.formatMessage({ id: PRESET_LABELS[value] }),
        }))}
        onChange={(value) => {
          const chosen = DATE_RANGE_PRESETS.find((entry) => entry === value);
          if (value === 'custom') {
            setCustomOpen(true);
            return;
          }
          setCustomOpen(false);
          onChange({ ...filters, ...(chosen === undefined ? { from: null, to: null } : presetRange(chosen, today)) });
        }}
      />
      {showCustom &&
        (['from', 'to'] as const).map((end) => (
          <Field key={end} label={end === 'from' ? 'transactions.range.from' : 'transactions.range.to'}>
            {(control) => (
              <DateField
                {...control}
                className={field.input}
                value={filters[end] ?? ''}
                data-testid={`filter-${end}`}
                {...(end === 'to' && filters.from !== null ? { min: filters.from } : {})}
                {...(end === 'from' && filters.to !== null ? { max: filters.to } : {})}
                onChange={(value) => {
                  if (value !== '' && !isCalendarDate(value)) return;
                  const day = value === '' ? null : value;
                  const next = { ...filters, [end]: day };
                  // A start after the end moves the end to it (and the other way round).
                  if (next.from !== null && next.to !== null && next.from > next.to) {
                    if (end === 'from') next.to = next.from;
                    else next.from = next.to;
                  }
                  onChange(next);
                }}
              />
            )}
          </Field>
        ))}
      {(tags.length > 0 || filters.tag !== null) && (
        <FilterSelect
          label="transactions.filter.tag"
          value={filters.tag === null ? '' : tagKey(filters.tag)}
          testId="filter-tag"
          options={[
            { value: '', label: intl.formatMessage({ id: 'transactions.filter.allTags' }) },
            // A tag the list does not hold (a link from elsewhere) still shows while chosen.
            ...(filters.tag !== null && !tags.some((tag) => tag.id === tagKey(filters.tag ?? ''))
              ? [{ value: tagKey(filters.tag), label: filters.tag }]
              : []),
            ...tags.map((tag) => ({ value: tag.id, label: tag.name })),
          ]}
          onChange={(value) =>
            onChange({
              ...filters,
              tag: value === '' ? null : (tags.find((tag) => tag.id === value)?.name ?? filters.tag),
            })
          }
        />
      )}
      <FilterSelect
        label="transactions.filter.sort"
        value={filters.sort}
        describedBy={byValue ? `${id}-sort-note` : undefined}
        options={SORTS.map((sort) => ({ value: sort, label: intl.formatMessage({ id: SORT_LABELS[sort] }) }))}
        onChange={(value) => onChange({ ...filters, sort: SORTS.find((sort) => sort === value) ?? 'newest' })}
      />
      <div className={`${field.field} ${styles.search}`}>
        <label className={field.label} htmlFor={`${id}-q`}>
          <FormattedMessage id="transactions.search" />
        </label>
        <input
          id={`${id}-q`}
          className={field.input}
          type="search"
          value={search}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={intl.formatMessage({ id: 'transactions.search.placeholder' })}
          aria-describedby={`${id}-q-hint`}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="transactions-search"
        />
        <p id={`${id}-q-hint`} className={field.hint}>
          <FormattedMessage id="transactions.search.hint" />
        </p>
      </div>
      {filters.tag !== null && (
        <p className={styles.activeTag} data-testid="filter-tag-chip">
          <span className={styles.tagChip}>
            <FormattedMessage id="transactions.filter.tagShown" values={{ tag: filters.tag }} />
            <button
              type="button"
              className={styles.tagChipClear}
              aria-label={intl.formatMessage({ id: 'transactions.filter.tagClear' }, { tag: filters.tag })}
              onClick={() => onChange({ ...filters, tag: null })}
            >
              <span aria-hidden="true">×</span>
            </button>
          </span>
          <LocalizedLink to="/dashboard/tags" className={styles.manageTags} data-testid="manage-tags">
            <FormattedMessage id="settings.tags.link" />
          </LocalizedLink>
        </p>
      )}
      {(isFiltered(filters) || filters.sort !== 'newest' || search !== '') && (
        <button
          type="button"
          className={`${buttonClass('secondary')} ${styles.clear}`}
          onClick={() => {
            setSearch('');
            setCustomOpen(false);
            onChange(NO_FILTERS);
          }}
        >
          <FormattedMessage id="transactions.clearFilters" />
        </button>
      )}
      {byValue && (
        <p id={`${id}-sort-note`} className={styles.filtersNote} data-testid="sort-value-note">
          <FormattedMessage
            id="transactions.sort.valueNote"
            values={{ currency: writers.preferences?.currency ?? '' }}
          />
        </p>
      )}
    </form>
  );
}

/** One filter: a labelled select of its options. */
function FilterSelect({
  label,
  value,
  options,
  describedBy,
  testId,
  onChange,
}: {
  readonly label: MessageId;
  readonly value: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly describedBy?: string | undefined;
  readonly testId?: string;
  onChange(value: string): void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          data-testid={testId}
          aria-describedby={describedBy}
          className={field.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
