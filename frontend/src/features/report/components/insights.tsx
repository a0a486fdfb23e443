import { FormattedMessage } from 'react-intl';
import { wordInsight, type InsightWording } from '../../../lib/insights';
import type { MessageId } from '../../../lib/messages';
import { Card } from '../../../ui/card/card';
import { InsightLine, InsightList } from '../../../ui/insight/insight';
import type { ReportPartOf } from './report-card';

/** The words of the findings a range can have, said of "these dates" rather than of a month. */
const RANGE_TEXTS: Partial<Record<MessageId, MessageId>> = {
  'dashboard.insight.topCategory': 'reports.range.insight.topCategory',
  'dashboard.insight.savingsRate': 'reports.range.insight.savingsRate',
  'dashboard.insight.overspent': 'reports.range.insight.overspent',
  'dashboard.insight.noIncome': 'reports.range.insight.noIncome',
  'dashboard.insight.noData': 'reports.range.insight.noData',
};

const ofRange = (wording: InsightWording): InsightWording => ({
  ...wording,
  text: { ...wording.text, id: RANGE_TEXTS[wording.text.id] ?? wording.text.id },
});

/** Every insight of the month (or of a range's dates, `range`) with its tip. */
export function Insights({ data, write, range = false }: ReportPartOf<'insights'> & { readonly range?: boolean }) {
  return (
    <Card title={<FormattedMessage id="reports.insights.title" />} testId="reports-insights" wide>
      <InsightList>
        {data.insights.map((insight, index) => (
          <InsightLine
            key={`${insight.kind}-${index}`}
            as="li"
            wording={range ? ofRange(wordInsight(insight, write.insight)) : wordInsight(insight, write.insight)}
            tip
          />
        ))}
      </InsightList>
    </Card>
  );
}
