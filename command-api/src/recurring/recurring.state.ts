import { pausedOccurrences, overridesBefore, withVersionFrom } from '@plenty/contracts/recurring-schedule';
import type { OccurrenceChanges, RecurringEvent } from '@plenty/contracts/recurring';
import type { TagEvent } from '@plenty/contracts/tags';
import { retaggedVersions, ruleDocFields, type RecurringVersion } from '@plenty/contracts/views/recurring';

/*
 * A recurring rule as its stream folds it. The stream does not know which occurrences were
 * posted: each posted one is its own transaction stream (`occurrenceTransactionId`), which a
 * decision that needs to know reads (recurring.stream.ts).
 */

export interface RecurringRule {
  /** Oldest first; the first one's `from` is its schedule's start date. */
  readonly versions: readonly RecurringVersion[];
  /** The user's local date the rule was paused on; null unless paused. */
  readonly pausedOn: string | null;
  /** The occurrence the poster could not post; null unless held. */
  readonly heldOn: string | null;
  /** Skipped occurrences, and those a pause passed over. */
  readonly skipped: ReadonlySet<string>;
  /** "This one" changes by occurrence date. */
  readonly overrides: Readonly<Record<string, OccurrenceChanges>>;
  readonly fromTransactionId: string | null;
}

export type RecurringState =
  | { readonly status: 'none' }
  | { readonly status: 'active' | 'paused' | 'held'; readonly rule: RecurringRule }
  | { readonly status: 'deleted' };

export const initialRecurringState: RecurringState = { status: 'none' };

function mergeChanges(current: OccurrenceChanges | undefined, changes: OccurrenceChanges): OccurrenceChanges {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return { ...current, ...defined };
}

/**
 * Folds the rule's own events, and the profile's tag renames and deletions interleaved with them
 * in the order they were stored (`foldRuleWithTags`), so the rule's tags are those of now.
 */
export function evolveRecurring(state: RecurringState, event: { type: string; data: unknown }): RecurringState {
  const tagged = event as TagEvent;
  if (tagged.type === 'TagRenamed' || tagged.type === 'TagDeleted') {
    if (state.status === 'none' || state.status === 'deleted') return state;
    const [from, to] = tagged.type === 'TagRenamed' ? [tagged.data.from, tagged.data.to] : [tagged.data.tag, null];
    return { status: state.status, rule: { ...state.rule, versions: retaggedVersions(state.rule.versions, from, to) } };
  }
  const known = event as RecurringEvent;
  if (known.type === 'RecurringRuleCreated') {
    const { ruleId: _ruleId, fromTransactionId, ...fields } = known.data;
    const stored = ruleDocFields(fields);
    return {
      status: 'active',
      rule: {
        versions: [{ from: stored.schedule.startDate, rule: stored }],
        pausedOn: null,
        heldOn: null,
        skipped: new Set(),
        overrides: {},
        fromTransactionId: fromTransactionId ?? null,
      },
    };
  }
  if (state.status === 'none' || state.status === 'deleted') return state;
  const { rule } = state;
  switch (known.type) {
    case 'RecurringRuleEdited': {
      const { from } = known.data;
      return {
        status: state.status,
        rule: {
          ...rule,
          versions: withVersionFrom(rule.versions, { from, rule: ruleDocFields(known.data.rule) }),
          overrides: overridesBefore(rule.overrides, from),
        },
      };
    }
    case 'OccurrenceEdited': {
      const { date, changes } = known.data;
      return {
        status: state.status,
        rule: { ...rule, overrides: { ...rule.overrides, [date]: mergeChanges(rule.overrides[date], changes) } },
      };
    }
    case 'OccurrenceSkipped':
      return { status: state.status, rule: { ...rule, skipped: new Set(rule.skipped).add(known.data.date) } };
    case 'RecurringRulePaused':
      return { status: 'paused', rule: { ...rule, pausedOn: known.data.on } };
    case 'RecurringRuleHeld':
      // A paused rule stays paused; the held occurrence is then posted once it is resumed.
      return state.status === 'paused' ? state : { status: 'held', rule: { ...rule, heldOn: known.data.date } };
    case 'RecurringRuleResumed': {
      const passed = rule.pausedOn === null ? [] : pausedOccurrences(rule.versions, rule.pausedOn, known.data.on);
      const skipped = passed.length === 0 ? rule.skipped : new Set([...rule.skipped, ...passed]);
      return { status: 'active', rule: { ...rule, pausedOn: null, heldOn: null, skipped } };
    }
    case 'RecurringRuleDeleted':
      return { status: 'deleted' };
    default:
      return state;
  }
}
