import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../lib/localized-link';

type Kind = 'transaction' | 'debt' | 'goal' | 'category' | 'settings';

export interface ActivityLinkProps {
  readonly kind: Kind;
  readonly subject: string;
  readonly className?: string;
  /** The id of the element that names the item, so the link says whose activity it opens. */
  readonly describedBy?: string;
  onClick?(): void;
}

/**
 * "Activity": the Activity page filtered to one item. It lives on other pages, so it holds
 * nothing of the Activity page's own code or texts (only the navigation's label).
 */
export function ActivityLink({ kind, subject, className, describedBy, onClick }: ActivityLinkProps) {
  const search = new URLSearchParams({ kind, subject }).toString();
  return (
    <LocalizedLink
      to={`/activity?${search}`}
      className={className}
      aria-describedby={describedBy}
      onClick={onClick}
      data-testid="activity-link"
    >
      <FormattedMessage id="nav.activity" />
    </LocalizedLink>
  );
}
