import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
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
import styles from './transaction-filters.module.css';

const SEARCH_DELAY_MS = 300;

const SORT_LABELS: Record<(typeof SORTS)[number], MessageId> = {
  newest: 'transactions.sort.newest',
  oldest: 'transactions.sort.oldest',
  highest: 'transactions.sort.highest',
  lowest: 'transactions.sort.lowest',
};

/** Type, category, sort and a debounced note search, as a search landmark; "Clear filters" resets them. */
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

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={intl.formatMessage({ id: 'transactions.filters' })}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, q: search });
      }}
    >
      <div className={field.field}>
        <label className={field.label} htmlFor={`${id}-type`}>
          <FormattedMessage id="transactions.filter.type" />
        </label>
        <select
          id={`${id}-type`}
          className={field.input}
          value={filters.type ?? ''}
          onChange={(event) => {
            const type = TYPES.find((value) => value === event.target.value) ?? null;
            const category = writers.categories.find((c) => c.id === filters.categoryId);
            const keepCategory =
              type === null || category === undefined || category.type === 'general' || category.type === type;
            onChange({ ...filters, type, categoryId: keepCategory ? filters.categoryId : null });
          }}
        >
          <option value="">{intl.formatMessage({ id: 'transactions.filter.allTypes' })}</option>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {writers.type(type)}
            </option>
          ))}
        </select>
      </div>
      <div className={field.field}>
        <label className={field.label} htmlFor={`${id}-category`}>
          <FormattedMessage id="transactions.filter.category" />
        </label>
        <select
          id={`${id}-category`}
          className={field.input}
          value={filters.categoryId ?? ''}
          onChange={(event) =>
            onChange({ ...filters, categoryId: event.target.value === '' ? null : event.target.value })
          }
        >
          <option value="">{intl.formatMessage({ id: 'transactions.filter.allCategories' })}</option>
          {filters.categoryId !== null && !categories.some((c) => c.id === filters.categoryId) && (
            <option value={filters.categoryId}>{writers.category(filters.categoryId)}</option>
          )}
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
      </div>
      <div className={field.field}>
        <label className={field.label} htmlFor={`${id}-sort`}>
          <FormattedMessage id="transactions.filter.sort" />
        </label>
        <select
          id={`${id}-sort`}
          className={field.input}
          value={filters.sort}
          aria-describedby={byValue ? `${id}-sort-note` : undefined}
          onChange={(event) =>
            onChange({ ...filters, sort: SORTS.find((sort) => sort === event.target.value) ?? 'newest' })
          }
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage({ id: SORT_LABELS[sort] })}
            </option>
          ))}
        </select>
      </div>
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
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {(isFiltered(filters) || filters.sort !== 'newest' || search !== '') && (
        <button
          type="button"
          className={`${buttonClass('secondary')} ${styles.clear}`}
          onClick={() => {
            setSearch('');
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
