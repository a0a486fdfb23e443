import { z } from 'zod';
import { calendarDateSchema, instantSchema } from './calendar/schema.js';
import { uuidSchema } from './ids.js';
import { MAX_AMOUNT, amountSchema, currencySchema, moneySchema, positiveMoneySchema, type Money } from './money.js';
import { boundedText } from './text.js';

/** Longest goal name, in characters after trimming. */
export const GOAL_NAME_MAX = 60;

export const goalNameSchema = boundedText(GOAL_NAME_MAX, 'name_required');

/** Money already put aside: zero or more, in minor units. */
export const savedMoneySchema = z
  .object({
    amount: amountSchema.refine((n) => n >= 0, { error: 'amount_not_positive' }),
    currency: currencySchema,
  })
  .strict();

/**
 * A goal's target: an amount above zero. Missing: `target_required` ("Target amount is
 * required."); zero or less: `target_not_positive` ("Target amount must be greater than
 * zero."), the spec's messages, as the goal form shows them.
 */
export const goalTargetSchema = z
  .object({
    amount: z
      .number({ error: 'target_required' })
      .int({ error: 'amount_not_integer' })
      .refine((n) => n > 0, { error: 'target_not_positive' })
      .refine((n) => n <= MAX_AMOUNT, { error: 'amount_too_large' }),
    currency: currencySchema,
  })
  .strict();

/** The target date is required (the spec): missing or null is `target_date_required` ("Target date is required."). */
export const goalTargetDateSchema = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'target_date_required' : 'date_invalid'),
  })
  .pipe(calendarDateSchema);

// Events on `profile-<uid>`. The goal's name is personal text and is encrypted.

/**
 * `saved` is what the user had already put aside when they set the goal (zero if nothing).
 * `targetDate` is optional here only because goals added before it was required have none.
 */
export const goalAddedSchema = z
  .object({
    goalId: uuidSchema,
    name: goalNameSchema,
    target: positiveMoneySchema,
    saved: savedMoneySchema,
    targetDate: calendarDateSchema.optional(),
  })
  .strict();

/** Only the fields that change; `targetDate: null` removes the date. A new target currency carries an empty `saved` along. */
export const goalChangesSchema = z
  .object({
    name: goalNameSchema.optional(),
    target: positiveMoneySchema.optional(),
    saved: savedMoneySchema.optional(),
    targetDate: calendarDateSchema.nullable().optional(),
  })
  .strict();

export const goalEditedSchema = z.object({ goalId: uuidSchema, changes: goalChangesSchema }).strict();

/** Money put into, or taken out of, a goal on a calendar date, in the goal's currency. */
export const goalMovementSchema = z
  .object({ goalId: uuidSchema, amount: positiveMoneySchema, date: calendarDateSchema })
  .strict();

export const goalDeletedSchema = z.object({ goalId: uuidSchema }).strict();

export type GoalAdded = { type: 'GoalAdded'; data: z.infer<typeof goalAddedSchema> };
export type GoalEdited = { type: 'GoalEdited'; data: z.infer<typeof goalEditedSchema> };
export type GoalContributed = { type: 'GoalContributed'; data: z.infer<typeof goalMovementSchema> };
export type GoalWithdrawn = { type: 'GoalWithdrawn'; data: z.infer<typeof goalMovementSchema> };
export type GoalDeleted = { type: 'GoalDeleted'; data: z.infer<typeof goalDeletedSchema> };
export type GoalEvent = GoalAdded | GoalEdited | GoalContributed | GoalWithdrawn | GoalDeleted;

export const goalEventSchemas = {
  GoalAdded: goalAddedSchema,
  GoalEdited: goalEditedSchema,
  GoalContributed: goalMovementSchema,
  GoalWithdrawn: goalMovementSchema,
  GoalDeleted: goalDeletedSchema,
} as const;

export const goalPersonalFields = {
  GoalAdded: ['name'],
  GoalEdited: ['changes.name'],
  GoalContributed: [],
  GoalWithdrawn: [],
  GoalDeleted: [],
} as const satisfies Record<GoalEvent['type'], readonly string[]>;

// Commands: POST /api/commands/AddGoal, /EditGoal, /ContributeToGoal, /WithdrawFromGoal, /DeleteGoal.
const commandBase = { commandId: uuidSchema };

export const addGoalSchema = z
  .object({
    ...commandBase,
    goalId: uuidSchema,
    name: goalNameSchema,
    target: goalTargetSchema,
    saved: savedMoneySchema.optional(),
    targetDate: goalTargetDateSchema,
  })
  .strict();

/** EditGoal: the target date can change but not go (`targetDate: null` is `target_date_required`). */
export const editGoalSchema = z
  .object({
    ...commandBase,
    goalId: uuidSchema,
    changes: goalChangesSchema
      .extend({ target: goalTargetSchema.optional(), targetDate: goalTargetDateSchema.optional() })
      .strict()
      .refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' }),
  })
  .strict();

export const contributeToGoalSchema = goalMovementSchema.extend(commandBase).strict();
export const withdrawFromGoalSchema = goalMovementSchema.extend(commandBase).strict();
export const deleteGoalSchema = z.object({ ...commandBase, goalId: uuidSchema }).strict();

export type AddGoal = { type: 'AddGoal'; data: z.infer<typeof addGoalSchema> };
export type EditGoal = { type: 'EditGoal'; data: z.infer<typeof editGoalSchema> };
export type ContributeToGoal = { type: 'ContributeToGoal'; data: z.infer<typeof contributeToGoalSchema> };
export type WithdrawFromGoal = { type: 'WithdrawFromGoal'; data: z.infer<typeof withdrawFromGoalSchema> };
export type DeleteGoal = { type: 'DeleteGoal'; data: z.infer<typeof deleteGoalSchema> };
export type GoalCommand = AddGoal | EditGoal | ContributeToGoal | WithdrawFromGoal | DeleteGoal;

export const goalCommandSchemas = {
  AddGoal: addGoalSchema,
  EditGoal: editGoalSchema,
  ContributeToGoal: contributeToGoalSchema,
  WithdrawFromGoal: withdrawFromGoalSchema,
  DeleteGoal: deleteGoalSchema,
} as const;

/**
 * The `goals` view, one document per live goal, served by `GET /api/queries/goals` (sorted by
 * target date, goals without one last, then by name) and `GET /api/queries/goals/:id`.
 * `name` is null once the user's key is erased. `reachedAt` is when saved first met the target,
 * null while it does not.
 */
export const goalViewSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  target: moneySchema,
  saved: moneySchema,
  targetDate: calendarDateSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  reachedAt: instantSchema.nullable(),
});
export type GoalView = z.infer<typeof goalViewSchema>;

export const goalListSchema = z.object({ items: z.array(goalViewSchema) });
export type GoalList = z.infer<typeof goalListSchema>;

/** Whether what is saved covers the target. */
export function isReached(goal: { readonly target: Money; readonly saved: Money }): boolean {
  return goal.saved.currency === goal.target.currency && goal.saved.amount >= goal.target.amount;
}

/** Goals with the nearest target date first, those without a date last, then by name. */
export function compareGoals(
  a: Pick<GoalView, 'name' | 'targetDate' | 'id'>,
  b: Pick<GoalView, 'name' | 'targetDate' | 'id'>,
): number {
  if (a.targetDate !== b.targetDate) {
    if (a.targetDate === null) return 1;
    if (b.targetDate === null) return -1;
    return a.targetDate < b.targetDate ? -1 : 1;
  }
  const byName = (a.name ?? '').localeCompare(b.name ?? '', undefined, { sensitivity: 'base' });
  return byName !== 0 ? byName : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
