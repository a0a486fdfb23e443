import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './messages';

/** Sets the browser tab's title to "<page> · Plenty" in the current language. */
export function usePageTitle(page: MessageId | null): void {
  const intl = useIntl();
  const title =
    page === null ? null : intl.formatMessage({ id: 'app.pageTitle' }, { page: intl.formatMessage({ id: page }) });
  useEffect(() => {
    document.title = title ?? 'Plenty';
  }, [title]);
}
