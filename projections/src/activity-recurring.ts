import { RECURRING_RULES_VIEW } from '@plenty/contracts/views/registry';
import type { RecurringEvent } from '@plenty/contracts/recurring';
import { occurrenceDetails, versionAt } from '@plenty/contracts/recurring-schedule';
import type { ActivityDoc, ActivitySubject } from '@plenty/contracts/views/activity';
import { ruleDocFields, type RecurringRuleDoc, type RecurringRuleDocFields } from '@plenty/contracts/views/recurring';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { diffFields } from './activity-entries.js';

/*
 * How the events of a recurring rule read on the Activity page (see contracts/views/activity.ts):
 * each is an entry of the rule, so the rule's page links to its whole history, measured against
 * the rule as it stood before the event.
 */

type Recorded<E> = RecordedEvent & E;
type Entry = Pick<ActivityDoc, 'kind' | 'subjectId' | 'subject' | 'type'> & Partial<ActivityDoc>;

const RULE_FIELDS = ['type', 'amount', 'categoryId', 'walletId', 'note', 'mode', 'remind', 'schedule'] as const;
const OCCURRENCE_FIELDS = ['amount', 'categoryId', 'walletId', 'note'] as const;

const subjectOf = (rule: Pick<RecurringRuleDocFields, 'note' | 'categoryId' | 'amount'> | null): ActivitySubject => ({
  name: rule?.note ?? null,
  categoryId: rule?.categoryId ?? null,
  amount: rule?.amount ?? null,
});

/** The version a rule shows: its latest. */
const currentRule = (doc: RecurringRuleDoc | null): RecurringRuleDocFields | null => doc?.versions.at(-1)?.rule ?? null;

export async function recurringEntry(event: Recorded<RecurringEvent>, uow: UnitOfWork): Promise<Entry | null> {
  const base = { kind: 'recurring' as const, subjectId: event.data.ruleId };
  if (event.type === 'RecurringRuleCreated') {
    const rule = ruleDocFields(event.data);
    return {
      ...base,
      type: 'recurring_created',
      subject: subjectOf(rule),
      amount: rule.amount,
      date: rule.schedule.startDate,
    };
  }
  const stored = await uow.get<RecurringRuleDoc>(RECURRING_RULES_VIEW, event.metadata.userId, event.data.ruleId);
  const before = stored?.doc ?? null;
  const subject = subjectOf(currentRule(before));
  switch (event.type) {
    case 'RecurringRuleEdited': {
      const rule = ruleDocFields(event.data.rule);
      const was = before === null ? null : (versionAt(before.versions, event.data.from) ?? before.versions[0] ?? null);
      return {
        ...base,
        type: 'recurring_edited',
        subject: subjectOf(rule),
        date: event.data.from,
        changes: diffFields(RULE_FIELDS, was?.rule ?? null, rule),
      };
    }
    case 'OccurrenceEdited': {
      const { date, changes } = event.data;
      const details = before === null ? null : occurrenceDetails(before.versions, before.overrides, date);
      return {
        ...base,
        type: 'occurrence_edited',
        subject,
        date,
        changes: diffFields(OCCURRENCE_FIELDS, details, changes),
      };
    }
    case 'OccurrenceSkipped':
      return { ...base, type: 'occurrence_skipped', subject, date: event.data.date };
    case 'RecurringRulePaused':
      return { ...base, type: 'recurring_paused', subject, date: event.data.on };
    case 'RecurringRuleResumed':
      return { ...base, type: 'recurring_resumed', subject, date: event.data.on };
    case 'RecurringRuleHeld':
      return { ...base, type: 'recurring_held', subject, date: event.data.date, reason: event.data.reason };
    case 'RecurringRuleDeleted':
      return { ...base, type: 'recurring_deleted', subject };
    default:
      return null;
  }
}
