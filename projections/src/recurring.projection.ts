import { RECURRING_DUE_VIEW, RECURRING_RULES_VIEW, REMINDERS_DUE_VIEW } from '@plenty/contracts/views/registry';
import { addDays, monthOfDate } from '@plenty/contracts/calendar/date';
import type { TransactionAdded } from '@plenty/contracts/events/transaction';
import type { RecurringEvent } from '@plenty/contracts/recurring';
import { compactHandled, isUnhandled, ruleOccurrences, versionAt } from '@plenty/contracts/recurring-schedule';
import type {
  RecurringDueDoc,
  RecurringRuleDoc,
  RecurringRuleDocFields,
  RecurringStatus,
  ReminderDueDoc,
} from '@plenty/contracts/views/recurring';
import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';
import { SYSTEM_USER_ID } from './weekly-report-subscribers.projection.js';
import { newRuleStanding, retaggedVersions, ruleDocFields, systemDocId } from '@plenty/contracts/views/recurring';
import type { TagDeleted, TagRenamed } from '@plenty/contracts/tags';

/*
 * Recurring rules as their events and their posted occurrences leave them, and the two lists
 * of the server's jobs kept under the system user: the rules the poster posts (`recurring_due`)
 * and the rules whose user is reminded (`reminders_due`). Where a rule stands (`handledThrough`,
 * `posted`, `skipped`, `nextDue`) is the contracts' reading (`recurring-schedule.ts`), the same
 * the command side, the poster and the queries use.
 */

/** A user's rules, one document per rule (`RecurringRuleDoc`, id: the rule id). */
export const recurringRulesView: ViewDefinition = {
  name: RECURRING_RULES_VIEW,
  fields: { categoryId: 'text', rule: 'integer' },
  indexes: [['categoryId'], ['rule']],
  // The current version's category; `rule` (always 1) finds all of a user's rules (a few dozen at
  // most): a deleted category's and a renamed tag's rules are found among them and changed.
  indexValues: (doc) => ({ categoryId: (doc as RecurringRuleDoc).versions.at(-1)?.rule.categoryId ?? '', rule: 1 }),
};

/** Every rule of the user, as it stood before the event. */
const rulesOf = (uow: UnitOfWork, userId: string) =>
  uow.findByField<RecurringRuleDoc>(RECURRING_RULES_VIEW, userId, 'rule', 1);

/** Puts the rules a change changed (a rule it leaves as it was is not written). */
async function changeRules(
  event: RecordedEvent,
  uow: UnitOfWork,
  change: (doc: RecurringRuleDoc) => RecurringRuleDoc,
): Promise<void> {
  for (const stored of await rulesOf(uow, event.metadata.userId)) {
    if (!isNewerThan(event, stored)) continue;
    const changed = change(stored.doc);
    if (JSON.stringify(changed) === JSON.stringify(stored.doc)) continue;
    uow.put(RECURRING_RULES_VIEW, event.metadata.userId, stored.id, changed, event.position);
  }
}

/**
 * A custom category deleted: its rules follow its transactions to the replacement, in every
 * version, their lines and the changes of single occurrences, so the rule pages name the category
 * the occurrences are posted in (the command side follows the same replacement when posting).
 */
async function moveRulesToReplacement(event: Recorded<CategoryDeleted>, uow: UnitOfWork): Promise<void> {
  const { categoryId, replacementCategoryId } = event.data;
  const swap = (id: string) => (id === categoryId ? replacementCategoryId : id);
  const swapLines = <L extends { readonly categoryId: string }>(lines: readonly L[]): L[] =>
    lines.map((line) => ({ ...line, categoryId: swap(line.categoryId) }));
  await changeRules(event, uow, (doc) => ({
    ...doc,
    versions: doc.versions.map((version) => ({
      ...version,
      rule: {
        ...version.rule,
        categoryId: swap(version.rule.categoryId),
        ...(version.rule.splits === undefined || version.rule.splits === null
          ? {}
          : { splits: swapLines(version.rule.splits) }),
      },
    })),
    overrides: Object.fromEntries(
      Object.entries(doc.overrides).map(([date, changes]) => [
        date,
        {
          ...changes,
          ...(changes.categoryId === undefined ? {} : { categoryId: swap(changes.categoryId) }),
          ...(changes.splits === undefined || changes.splits === null ? {} : { splits: swapLines(changes.splits) }),
        },
      ]),
    ),
  }));
}

/** A tag renamed (merged) or deleted: the rules' templates carry the new name, or no more the tag. */
async function retagRules(event: Recorded<TagRenamed | TagDeleted>, uow: UnitOfWork): Promise<void> {
  const [from, to] = event.type === 'TagRenamed' ? [event.data.from, event.data.to] : [event.data.tag, null];
  await changeRules(event, uow, (doc) => ({ ...doc, versions: retaggedVersions(doc.versions, from, to) }));
}

/** Under the system user: active `auto` rules with an occurrence left, paged by `nextDue`; `userId` finds an erased user's. */
export const recurringDueView: ViewDefinition = {
  name: RECURRING_DUE_VIEW,
  fields: { nextDue: 'text', userId: 'text' },
  indexes: [['nextDue'], ['userId']],
};

/** Under the system user: active rules with reminders on, by the month and date of their next occurrence. */
export const remindersDueView: ViewDefinition = {
  name: REMINDERS_DUE_VIEW,
  fields: { dueMonth: 'text', dueDate: 'text', userId: 'text' },
  indexes: [['dueMonth', 'dueDate'], ['userId']],
};

type Recorded<E> = RecordedEvent & E;

/** Ended once nothing is left to post; else paused, held or active, a pause before a hold. */
function statusOf(doc: Pick<RecurringRuleDoc, 'nextDue' | 'pausedOn' | 'heldOn'>): RecurringStatus {
  if (doc.nextDue === null) return 'ended';
  if (doc.pausedOn !== null) return 'paused';
  if (doc.heldOn !== null) return 'held';
  return 'active';
}

/** The rule with its handled occurrences folded and its next due one and status worked out again. */
function settled(doc: RecurringRuleDoc): RecurringRuleDoc {
  const handled = compactHandled(doc.versions, doc);
  const next = { ...doc, ...handled, posted: [...handled.posted], skipped: [...handled.skipped] };
  return { ...next, status: statusOf(next) };
}

/** The rule's fields that govern its next occurrence. */
const nextRule = (doc: RecurringRuleDoc): RecurringRuleDocFields | null =>
  doc.nextDue === null ? null : (versionAt(doc.versions, doc.nextDue)?.rule ?? null);

/** What the poster finds of the rule: present while active, `auto` at its next occurrence, with one left. */
export function dueDocOf(userId: string, doc: RecurringRuleDoc | null): RecurringDueDoc | null {
  if (doc === null || doc.status !== 'active' || doc.nextDue === null) return null;
  if (nextRule(doc)?.mode !== 'auto') return null;
  return { userId, ruleId: doc.id, nextDue: doc.nextDue };
}

/** What the reminder mailer finds of the rule: present while active with reminders on at its next occurrence. */
export function reminderDocOf(userId: string, doc: RecurringRuleDoc | null): ReminderDueDoc | null {
  if (doc === null || doc.status !== 'active' || doc.nextDue === null) return null;
  if (nextRule(doc)?.remind !== true) return null;
  return { userId, item: 'recurring', itemId: doc.id, dueDate: doc.nextDue, dueMonth: monthOfDate(doc.nextDue) };
}

const sameDoc = (a: object | null, b: object | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Writes the system document of a view when the rule's change changes it. */
function putSystemDoc(
  uow: UnitOfWork,
  event: RecordedEvent,
  view: string,
  id: string,
  before: object | null,
  after: object | null,
): void {
  if (sameDoc(before, after)) return;
  if (after === null) uow.remove(view, SYSTEM_USER_ID, id, event.position);
  else uow.put(view, SYSTEM_USER_ID, id, after as Record<string, unknown>, event.position);
}

function store(uow: UnitOfWork, event: RecordedEvent, before: RecurringRuleDoc | null, after: RecurringRuleDoc | null) {
  const { userId } = event.metadata;
  const ruleId = (after ?? before)?.id;
  if (ruleId === undefined) return;
  if (after === null) uow.remove(RECURRING_RULES_VIEW, userId, ruleId, event.position);
  else uow.put(RECURRING_RULES_VIEW, userId, ruleId, after, event.position);
  const id = systemDocId(userId, ruleId);
  putSystemDoc(uow, event, RECURRING_DUE_VIEW, id, dueDocOf(userId, before), dueDocOf(userId, after));
  putSystemDoc(uow, event, REMINDERS_DUE_VIEW, id, reminderDocOf(userId, before), reminderDocOf(userId, after));
}

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

/** The rule after one of its own events (not the creation); null once deleted. */
export function applyRuleEvent(doc: RecurringRuleDoc, event: Recorded<RecurringEvent>): RecurringRuleDoc | null {
  const touched = { ...doc, updatedAt: event.metadata.occurredAt };
  switch (event.type) {
    case 'RecurringRuleCreated':
      return doc;
    case 'RecurringRuleEdited': {
      const { from, rule } = event.data;
      const versions = [...doc.versions.filter((version) => version.from < from), { from, rule: ruleDocFields(rule) }];
      const overrides = Object.fromEntries(Object.entries(doc.overrides).filter(([date]) => date < from));
      return settled({ ...touched, versions, overrides });
    }
    case 'OccurrenceEdited': {
      const { date, changes } = event.data;
      const merged = { ...(doc.overrides[date] ?? {}), ...withoutUndefined(changes) };
      return settled({ ...touched, overrides: { ...doc.overrides, [date]: merged } });
    }
    case 'OccurrenceSkipped': {
      const { date } = event.data;
      if (!isUnhandled(doc, date)) return touched;
      return settled({ ...touched, skipped: [...doc.skipped, date] });
    }
    case 'RecurringRulePaused':
      return settled({ ...touched, pausedOn: doc.pausedOn ?? event.data.on });
    case 'RecurringRuleResumed': {
      // The occurrences of the pause (from the day paused to the day before resuming) are skipped.
      const passedOver =
        doc.pausedOn === null || event.data.on <= doc.pausedOn
          ? []
          : ruleOccurrences(doc.versions, doc.pausedOn, addDays(event.data.on, -1), Number.MAX_SAFE_INTEGER).filter(
              (date) => isUnhandled(doc, date),
            );
      return settled({
        ...touched,
        pausedOn: null,
        heldOn: null,
        heldReason: null,
        skipped: [...doc.skipped, ...passedOver],
      });
    }
    case 'RecurringRuleHeld':
      return settled({ ...touched, heldOn: event.data.date, heldReason: event.data.reason });
    case 'RecurringRuleDeleted':
      return null;
    default:
      return doc;
  }
}

/** A new rule, nothing handled yet. */
export function createdRule(
  event: Recorded<Extract<RecurringEvent, { type: 'RecurringRuleCreated' }>>,
): RecurringRuleDoc {
  const { data, metadata } = event;
  return settled({
    id: data.ruleId,
    versions: [{ from: data.schedule.startDate, rule: ruleDocFields(data) }],
    ...newRuleStanding(),
    fromTransactionId: data.fromTransactionId ?? null,
    createdAt: metadata.occurredAt,
    updatedAt: metadata.occurredAt,
  });
}

/** The rule once occurrence `date` was posted as a transaction. */
export function postedRule(doc: RecurringRuleDoc, date: string, at: string): RecurringRuleDoc {
  const lastPostedOn = doc.lastPostedOn === null || date > doc.lastPostedOn ? date : doc.lastPostedOn;
  const counted = { ...doc, postedCount: doc.postedCount + 1, lastPostedOn, updatedAt: at };
  if (doc.posted.includes(date) || (doc.handledThrough !== null && date <= doc.handledThrough)) return counted;
  return settled({ ...counted, posted: [...doc.posted, date], skipped: doc.skipped.filter((d) => d !== date) });
}

/** Every event of a rule's stream. */
export const RECURRING_EVENT_TYPES: readonly RecurringEvent['type'][] = [
  'RecurringRuleCreated',
  'RecurringRuleEdited',
  'OccurrenceEdited',
  'OccurrenceSkipped',
  'RecurringRulePaused',
  'RecurringRuleResumed',
  'RecurringRuleHeld',
  'RecurringRuleDeleted',
];

/** Removes an erased user's documents kept under the system user (the user's own go with the erasure). */
async function forgetUser(event: RecordedEvent, uow: UnitOfWork): Promise<void> {
  const { userId } = event.metadata;
  for (const view of [RECURRING_DUE_VIEW, REMINDERS_DUE_VIEW]) {
    for (const stored of await uow.findByField(view, SYSTEM_USER_ID, 'userId', userId)) {
      uow.remove(view, SYSTEM_USER_ID, stored.id, event.position);
    }
  }
}

/** The user's recurring rules, and the rules the poster and the reminder mailer go through. */
export const recurringProjection: Projection = {
  name: 'recurring',
  // 2: rules keep their lines and tags; tag renames and deletions change them; a deleted
  // category's lines move with it (all of a user's rules found by `rule`).
  version: 2,
  views: [recurringRulesView, recurringDueView, remindersDueView],
  handles: [
    ...RECURRING_EVENT_TYPES,
    'TransactionAdded',
    'CategoryDeleted',
    'TagRenamed',
    'TagDeleted',
    'AccountErased',
  ],
  async apply(event, uow) {
    if (event.type === 'AccountErased') return forgetUser(event, uow);
    if (event.type === 'CategoryDeleted') return moveRulesToReplacement(event as Recorded<CategoryDeleted>, uow);
    if (event.type === 'TagRenamed' || event.type === 'TagDeleted') {
      return retagRules(event as Recorded<TagRenamed | TagDeleted>, uow);
    }
    const { userId, occurredAt } = event.metadata;
    if (event.type === 'TransactionAdded') {
      const { recurrence } = (event as Recorded<TransactionAdded>).data;
      if (recurrence === undefined) return;
      const stored = await uow.get<RecurringRuleDoc>(RECURRING_RULES_VIEW, userId, recurrence.ruleId);
      // A rule not known (or deleted) keeps nothing of what it posted.
      if (stored === null || !isNewerThan(event, stored)) return;
      return store(uow, event, stored.doc, postedRule(stored.doc, recurrence.date, occurredAt));
    }
    const known = event as Recorded<RecurringEvent>;
    const stored = await uow.get<RecurringRuleDoc>(RECURRING_RULES_VIEW, userId, known.data.ruleId);
    if (!isNewerThan(known, stored)) return;
    if (known.type === 'RecurringRuleCreated') {
      if (stored !== null) return;
      return store(uow, known, null, createdRule(known));
    }
    if (stored === null) return;
    return store(uow, known, stored.doc, applyRuleEvent(stored.doc, known));
  },
};
