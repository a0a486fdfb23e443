import { domainError, type DomainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import type { GoalCommand, GoalEvent } from '@plenty/contracts/goals';
import { MAX_AMOUNT, type Money } from '@plenty/contracts/money';

type GoalChanges = Extract<GoalEvent, { type: 'GoalEdited' }>['data']['changes'];

export interface Goal {
  readonly id: string;
  /** Null when the name could not be read (an erased key). */
  readonly name: string | null;
  readonly target: Money;
  readonly saved: Money;
  readonly targetDate: string | null;
}

/** The part of a profile that goals fold into. */
export interface GoalsState {
  /** Live goals by id. */
  readonly goals: ReadonlyMap<string, Goal>;
  /** Ids of deleted goals: never reused. */
  readonly deletedGoalIds: ReadonlySet<string>;
}

export const initialGoalsState: GoalsState = { goals: new Map(), deletedGoalIds: new Set() };

/** A goal after the changes of an edit; a new target currency carries an empty `saved` along. */
export function applyGoalChanges(goal: Goal, changes: GoalChanges): Goal {
  const target = changes.target ?? goal.target;
  const saved =
    changes.saved ??
    (target.currency !== goal.saved.currency && goal.saved.amount === 0
      ? { amount: 0, currency: target.currency }
      : goal.saved);
  const targetDate = changes.targetDate === undefined ? goal.targetDate : changes.targetDate;
  return { ...goal, name: changes.name ?? goal.name, target, saved, targetDate };
}

export function evolveGoals(state: GoalsState, event: { type: string; data: unknown }): GoalsState {
  const known = event as ProfileEvent;
  switch (known.type) {
    case 'GoalAdded': {
      const { goalId, name, target, saved, targetDate } = known.data;
      const goals = new Map(state.goals);
      goals.set(goalId, { id: goalId, name, target, saved, targetDate: targetDate ?? null });
      return { ...state, goals };
    }
    case 'GoalEdited': {
      const current = state.goals.get(known.data.goalId);
      if (current === undefined) return state;
      const goals = new Map(state.goals);
      goals.set(current.id, applyGoalChanges(current, known.data.changes));
      return { ...state, goals };
    }
    case 'GoalContributed':
    case 'GoalWithdrawn': {
      const current = state.goals.get(known.data.goalId);
      if (current === undefined) return state;
      const sign = known.type === 'GoalContributed' ? 1 : -1;
      const goals = new Map(state.goals);
      goals.set(current.id, {
        ...current,
        saved: { ...current.saved, amount: current.saved.amount + sign * known.data.amount.amount },
      });
      return { ...state, goals };
    }
    case 'GoalDeleted': {
      const goals = new Map(state.goals);
      goals.delete(known.data.goalId);
      return { ...state, goals, deletedGoalIds: new Set(state.deletedGoalIds).add(known.data.goalId) };
    }
    default:
      return state;
  }
}

const sameName = (a: string | null, b: string) => a !== null && a.toLocaleLowerCase() === b.toLocaleLowerCase();

function nameTaken(state: GoalsState, name: string, exceptId?: string): boolean {
  return [...state.goals.values()].some((goal) => goal.id !== exceptId && sameName(goal.name, name));
}

const sameMoney = (a: Money, b: Money) => a.amount === b.amount && a.currency === b.currency;
const notFound = () => domainError('goal_not_found', 404, 'goalId');

function addGoal(command: Extract<GoalCommand, { type: 'AddGoal' }>, state: GoalsState): GoalEvent[] | DomainError {
  const { commandId: _commandId, saved, targetDate, ...data } = command.data;
  if (state.goals.has(data.goalId) || state.deletedGoalIds.has(data.goalId)) {
    return domainError('conflict', 409, 'goalId');
  }
  if (nameTaken(state, data.name)) return domainError('goal_name_taken', 409, 'name');
  const start = saved ?? { amount: 0, currency: data.target.currency };
  if (start.currency !== data.target.currency) return domainError('goal_currency_mismatch', 422, 'saved');
  return [
    {
      type: 'GoalAdded',
      data: { ...data, saved: start, ...(targetDate === undefined ? {} : { targetDate }) },
    },
  ];
}

function editGoal(command: Extract<GoalCommand, { type: 'EditGoal' }>, state: GoalsState): GoalEvent[] | DomainError {
  const { goalId, changes } = command.data;
  const current = state.goals.get(goalId);
  if (current === undefined) return notFound();
  if (changes.name !== undefined && nameTaken(state, changes.name, goalId)) {
    return domainError('goal_name_taken', 409, 'name');
  }
  const effective: { -readonly [K in keyof GoalChanges]: GoalChanges[K] } = {};
  if (changes.name !== undefined && changes.name !== current.name) effective.name = changes.name;
  if (changes.target !== undefined && !sameMoney(changes.target, current.target)) effective.target = changes.target;
  if (changes.saved !== undefined && !sameMoney(changes.saved, current.saved)) effective.saved = changes.saved;
  if (changes.targetDate !== undefined && changes.targetDate !== current.targetDate) {
    effective.targetDate = changes.targetDate;
  }
  if (Object.keys(effective).length === 0) return domainError('nothing_to_change', 422);
  const next = applyGoalChanges(current, effective);
  if (next.saved.currency !== next.target.currency) {
    return domainError('goal_currency_mismatch', 422, changes.saved === undefined ? 'changes.target' : 'changes.saved');
  }
  return [{ type: 'GoalEdited', data: { goalId, changes: effective } }];
}

function moveMoney(
  command: Extract<GoalCommand, { type: 'ContributeToGoal' | 'WithdrawFromGoal' }>,
  state: GoalsState,
): GoalEvent[] | DomainError {
  const { goalId, amount, date } = command.data;
  const current = state.goals.get(goalId);
  if (current === undefined) return notFound();
  if (amount.currency !== current.target.currency) return domainError('goal_currency_mismatch', 422, 'amount');
  if (command.type === 'WithdrawFromGoal') {
    if (amount.amount > current.saved.amount) return domainError('goal_withdrawal_too_large', 422, 'amount');
    return [{ type: 'GoalWithdrawn', data: { goalId, amount, date } }];
  }
  if (current.saved.amount + amount.amount > MAX_AMOUNT) return domainError('amount_too_large', 422, 'amount');
  return [{ type: 'GoalContributed', data: { goalId, amount, date } }];
}

/** Decides what a goal command records on the profile stream, or why it cannot. Pure. */
export function decideGoal(command: GoalCommand, state: GoalsState): GoalEvent[] | DomainError {
  switch (command.type) {
    case 'AddGoal':
      return addGoal(command, state);
    case 'EditGoal':
      return editGoal(command, state);
    case 'ContributeToGoal':
    case 'WithdrawFromGoal':
      return moveMoney(command, state);
    case 'DeleteGoal':
      return state.goals.has(command.data.goalId)
        ? [{ type: 'GoalDeleted', data: { goalId: command.data.goalId } }]
        : notFound();
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown goal command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
