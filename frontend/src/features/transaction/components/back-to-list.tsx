import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { buttonClass, type ButtonVariant } from '../../../ui/button';
import field from '../../../ui/field/field.module.css';

/** A form page's way out when its transaction cannot be edited: what can still be done, then Back to list. */
export function BackToListActions({
  variant,
  children,
}: {
  /** The link's look: primary when it is the way on, secondary beside a primary action. */
  readonly variant: ButtonVariant;
  readonly children: ReactNode;
}) {
  return (
    <div className={field.actions}>
      {children}
      <LocalizedLink to="/dashboard/transactions" className={buttonClass(variant)}>
        <FormattedMessage id="transactions.form.backToList" />
      </LocalizedLink>
    </div>
  );
}
