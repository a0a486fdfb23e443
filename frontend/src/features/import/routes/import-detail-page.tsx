import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { BackLink, ItemNotFound, type BackTo } from '../../../ui/page/back-link';
import { Page, PageTitle } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { useImportBatchQuery } from '../api';
import { ImportSummary } from '../components/import-summary';

const BACK: BackTo = { to: '/dashboard/import', label: 'import.detail.back' };

/** One import: its status, counts, skipped rows by reason, its transactions and Undo; another user's is "Page not found". */
export function ImportDetailPage() {
  const { id = '' } = useParams();
  const query = useImportBatchQuery(id);
  const error = query.error as ApiError | undefined;
  const notFound = error?.status === 404 || error?.code === 'import_not_found';
  usePageTitle(notFound ? 'errorPage.notFoundTitle' : 'page.importDetail');

  if (notFound) return <ItemNotFound back={BACK} testId="import-not-found" />;
  const batch = query.currentData ?? query.data;
  return (
    <Page testId="import-detail-page">
      <BackLink {...BACK} />
      <PageTitle size="compact">
        <FormattedMessage id="page.importDetail" />
      </PageTitle>
      {batch !== undefined ? (
        <ImportSummary batch={batch} />
      ) : query.isError ? (
        <QueryLoadError query={query} message="import.detail.loadFailed" retry="import.retry" testId="import-error" />
      ) : (
        <Loading testId="import-loading">
          <SkeletonBlock height="12rem" />
        </Loading>
      )}
    </Page>
  );
}
