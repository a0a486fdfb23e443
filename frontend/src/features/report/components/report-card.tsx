import type { Reports } from '@plenty/contracts/views/dashboard';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';

/** What every card of the report is given: the month's report and the writers of its language. */
export interface ReportPartProps {
  readonly data: Reports;
  readonly write: MonthWriters;
}

/** A card that also shows a range's report: only the parts of the answer it reads. */
export interface ReportPartOf<K extends keyof Reports> {
  readonly data: Pick<Reports, K>;
  readonly write: MonthWriters;
}
