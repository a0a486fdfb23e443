import { FormattedMessage } from 'react-intl';
import { wordInsight } from '../../../lib/insights';
import { Card } from '../../../ui/card/card';
import { InsightLine, InsightList } from '../../../ui/insight/insight';
import type { ReportPartOf } from './report-card';

/** Every insight of the month with its tip. */
export function Insights({ data, write }: ReportPartOf<'insights'>) {
  return (
    <Card title={<FormattedMessage id="reports.insights.title" />} testId="reports-insights" wide>
      <InsightList>
        {data.insights.map((insight, index) => (
          <InsightLine key={`${insight.kind}-${index}`} as="li" wording={wordInsight(insight, write.insight)} tip />
        ))}
      </InsightList>
    </Card>
  );
}
