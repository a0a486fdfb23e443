import type { CSSProperties } from 'react';
import type { IntlShape } from 'react-intl';
import type { CategoryView } from '@plenty/contracts/views/categories';
import type { MessageId } from '../../lib/messages';
import { Icon } from '../icon/icon';
import styles from './category-form.module.css';
import { readableOn } from './rules';

/** A built-in category's translated name, or the user's own name. */
export function categoryName(intl: IntlShape, category: Pick<CategoryView, 'name' | 'nameKey'>): string {
  if (category.nameKey !== null) return intl.formatMessage({ id: category.nameKey as MessageId });
  return category.name ?? '';
}

/** The category's icon on its color, in the text color that reads on it. Decorative. */
export function CategoryChip({
  icon,
  color,
  size = 'medium',
}: {
  readonly icon: string | null;
  readonly color: string | null;
  readonly size?: 'small' | 'medium' | 'large';
}) {
  const background = color ?? '#64748b';
  const style: CSSProperties = { background, color: readableOn(background) };
  return (
    <span className={`${styles.chip} ${styles[size]}`} style={style} aria-hidden="true">
      <Icon name={icon ?? 'dots'} size={size === 'small' ? 16 : size === 'large' ? 28 : 20} />
    </span>
  );
}
