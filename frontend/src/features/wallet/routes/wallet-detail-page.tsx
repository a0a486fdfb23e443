import { FormattedMessage } from 'react-intl';
import { usePageTitle } from '../../../lib/use-page-title';
import { Page, PageTitle } from '../../../ui/page/page';

/** One wallet: its balance and its movements. */
export function WalletDetailPage() {
  usePageTitle('page.walletDetail');
  return (
    <Page testId="wallet-detail">
      <PageTitle size="compact">
        <FormattedMessage id="page.walletDetail" />
      </PageTitle>
    </Page>
  );
}
