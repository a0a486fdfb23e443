import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Page, PageHeader } from '../../../ui/page/page';
import { ActivityFilterForm } from '../components/activity-filters';
import { ActivityResults } from '../components/activity-results';
import { filtersFromSearch, NO_FILTERS, rangeIsValid, searchOf, type ActivityFilters } from '../filters';
import { withActivityMessages } from '../with-activity-messages';

/** The Activity page with its texts (see with-activity-messages.tsx). */
export const ActivityPage = withActivityMessages(ActivityContent);

/**
 * Activity: the events of the whole account or of one item, newest first, each a sentence in
 * the reader's language with its time and what it changed. The filters live in the address
 * (`?kind=&subject=&from=&to=`), so a reload or a link keeps them.
 */
function ActivityContent() {
  usePageTitle('activity.title');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const update = (next: ActivityFilters) => setParams(new URLSearchParams(searchOf(next)), { replace: true });
  const valid = rangeIsValid(filters);

  return (
    <Page>
      <PageHeader
        size="compact"
        title={<FormattedMessage id="activity.title" />}
        lead={<FormattedMessage id="activity.lead" />}
      />
      <ActivityFilterForm filters={filters} valid={valid} onChange={update} />
      {valid && <ActivityResults key={searchOf(filters)} filters={filters} onClear={() => update(NO_FILTERS)} />}
    </Page>
  );
}
