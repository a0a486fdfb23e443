import { FormattedMessage } from 'react-intl';
import { usePageTitle } from '../../../lib/use-page-title';
import { Page, PageHeader } from '../../../ui/page/page';
import { ImportList } from '../components/import-list';
import { ImportWizard } from '../components/import-wizard';

/** Import transactions from a file: choose it, map its columns, review, import; past imports under it. */
export function ImportPage() {
  usePageTitle('page.import');
  return (
    <Page testId="import-page">
      <PageHeader
        size="compact"
        align="start"
        title={<FormattedMessage id="page.import" />}
        lead={<FormattedMessage id="import.lead" />}
      />
      <ImportWizard />
      <ImportList />
    </Page>
  );
}
