import { readableOn } from '../category-form/rules';
import { Icon } from './icon';
import styles from './icon-tile.module.css';

/** An icon on its owner's colour (a wallet's, a debt's), decorative: the owner's name is written next to it. */
export function IconTile({
  icon,
  color,
  size = 24,
  className,
}: {
  readonly icon: string;
  readonly color: string;
  readonly size?: number;
  readonly className?: string;
}) {
  return (
    <span
      className={className === undefined ? styles.tile : `${styles.tile} ${className}`}
      aria-hidden="true"
      style={{ ['--tile-color' as string]: color, ['--tile-on-color' as string]: readableOn(color) }}
    >
      <Icon name={icon} size={size} />
    </span>
  );
}
