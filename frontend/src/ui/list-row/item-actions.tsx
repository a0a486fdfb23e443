import { FormattedMessage, useIntl } from 'react-intl';
import type { ActivityKind } from '@plenty/contracts/views/activity';
import { LocalizedLink } from '../../lib/localized-link';
import { buttonClass } from '../button';

/**
 * A listed item's Edit and Delete buttons, each named with the item for screen readers (the
 * messages `<list>.editLabel`, `<list>.deleteLabel`), and the link to its activity, described by
 * the item's name (the element `nameId`).
 */
export function ItemActions({
  list,
  kind,
  id,
  name,
  nameId,
  deleteClass,
  onEdit,
  onDelete,
}: {
  readonly list: 'categories' | 'goals';
  readonly kind: ActivityKind;
  readonly id: string;
  readonly name: string;
  readonly nameId: string;
  /** The Delete button's own class, after the secondary button's. */
  readonly deleteClass: string | undefined;
  onEdit(): void;
  onDelete(): void;
}) {
  const intl = useIntl();
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-label={intl.formatMessage({ id: `${list}.editLabel` }, { name })}
        onClick={onEdit}
      >
        <FormattedMessage id={`${list}.edit`} />
      </button>
      <button
        type="button"
        className={`${buttonClass('secondary')} ${deleteClass}`}
        aria-label={intl.formatMessage({ id: `${list}.deleteLabel` }, { name })}
        onClick={onDelete}
      >
        <FormattedMessage id={`${list}.delete`} />
      </button>
      <LocalizedLink
        to={`/activity?kind=${kind}&subject=${id}`}
        className={buttonClass('secondary')}
        aria-describedby={nameId}
      >
        <FormattedMessage id="nav.activity" />
      </LocalizedLink>
    </>
  );
}
