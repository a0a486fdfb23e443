import { FormattedMessage } from 'react-intl';
import { usePageTitle } from '../../../lib/use-page-title';
import { Page, PageHeader } from '../../../ui/page/page';

/** Restore a backup file ("Download all my data") into this account. */
export function RestorePage() {
  usePageTitle('page.restore');
  return (
    <Page testId="restore-page">
      <PageHeader size="compact" align="start" title={<FormattedMessage id="page.restore" />} />
    </Page>
  );
}
