import { useState } from 'react';
import { useServerAnswer } from '../../../lib/api/server-answer';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { ItemActions } from '../../../ui/list-row/item-actions';
import { buttonClass } from '../../../ui/button';
import { useCategoriesQuery } from '../../../ui/category-form/api';
import { CategoryChip, categoryName } from '../../../ui/category-form/category-chip';
import { CategoryDialog, TYPE_LABELS } from '../../../ui/category-form/category-dialog';
import { Badge } from '../../../ui/badge/badge';
import { QueryPending } from '../../../ui/load-error/load-error';
import styles from '../settings.module.css';
import own from './categories.module.css';
import { SettingsCard, SettingsLinkCard } from './settings-card';
import { DeleteCategoryDialog } from './delete-category-dialog';

type Editing = { readonly mode: 'add' } | { readonly mode: 'edit'; readonly category: CategoryView } | null;

/** The built-in categories (read only) and the user's own, which they add, edit and delete. */
export function CategoriesTab() {
  const intl = useIntl();
  const categories = useCategoriesQuery();
  const { data } = categories;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CategoryView | null>(null);
  // The list may show the device copy painted at start-up; a category is edited from the server's values.
  const current = useServerAnswer(categories);

  if (data === undefined) return <QueryPending query={categories} view="categories" />;
  const edited =
    editing?.mode === 'edit'
      ? (data.find((category) => category.id === editing.category.id) ?? editing.category)
      : undefined;
  const waiting = edited !== undefined && !current;

  const builtIns = data.filter((category) => category.builtIn);
  const custom = data.filter((category) => !category.builtIn);

  return (
    <div className={styles.stack}>
      <SettingsCard
        titleId="categories-custom-title"
        title="categories.custom.title"
        lead="categories.lead"
        headerClassName={own.categoriesHeader}
        after={
          <button type="button" className={buttonClass('primary')} onClick={() => setEditing({ mode: 'add' })}>
            <span aria-hidden="true">+</span>
            <FormattedMessage id="categories.add" />
          </button>
        }
      >
        {custom.length === 0 ? (
          <p className={own.categoriesEmpty} data-testid="categories-empty">
            <FormattedMessage id="categories.custom.empty" />
          </p>
        ) : (
          <ul className={own.categoryList} data-testid="categories-custom">
            {custom.map((category) => {
              const name = categoryName(intl, category);
              return (
                <li key={category.id} className={own.categoryItem}>
                  <CategoryChip icon={category.icon} color={category.color} />
                  <span className={own.categoryText}>
                    <span id={`category-name-${category.id}`} className={own.categoryName}>
                      {name}
                    </span>
                    <span className={own.categoryType}>
                      <FormattedMessage id={TYPE_LABELS[category.type]} />
                    </span>
                  </span>
                  <span className={own.categoryActions}>
                    <ItemActions
                      list="categories"
                      kind="category"
                      id={category.id}
                      name={name}
                      nameId={`category-name-${category.id}`}
                      deleteClass={own.deleteButton}
                      onEdit={() => setEditing({ mode: 'edit', category })}
                      onDelete={() => setDeleting(category)}
                    />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </SettingsCard>

      <SettingsCard titleId="categories-builtin-title" title="categories.builtIn.title" lead="categories.builtIn.note">
        <ul className={`${own.categoryList} ${own.builtInList}`} data-testid="categories-builtin">
          {builtIns.map((category) => (
            <li key={category.id} className={own.categoryItem}>
              <CategoryChip icon={category.icon} color={category.color} />
              <span className={own.categoryText}>
                <span className={own.categoryName}>{categoryName(intl, category)}</span>
                <span className={own.categoryMeta}>
                  <span className={own.categoryType}>
                    <FormattedMessage id={TYPE_LABELS[category.type]} />
                  </span>
                  <Badge>
                    <FormattedMessage id="categories.builtIn.badge" />
                  </Badge>
                </span>
              </span>
            </li>
          ))}
        </ul>
      </SettingsCard>

      <SettingsLinkCard
        titleId="tags-title"
        title="settings.tags.title"
        lead="settings.tags.body"
        testId="tags-section"
        to="/dashboard/tags"
        label="settings.tags.link"
        variant="secondary"
        linkTestId="settings-tags-link"
      />

      <WaitingDialog open={waiting} onClose={() => setEditing(null)} />
      <CategoryDialog
        open={editing !== null && !waiting}
        category={edited}
        categories={data}
        onClose={() => setEditing(null)}
      />
      <DeleteCategoryDialog category={deleting} categories={data} onClose={() => setDeleting(null)} />
    </div>
  );
}
