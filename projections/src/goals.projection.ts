import { GOALS_VIEW } from '@plenty/contracts/views/registry';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import { isReached, type GoalAdded, type GoalEdited, type GoalView } from '@plenty/contracts/goals';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

export const goalsView: ViewDefinition = { name: GOALS_VIEW, fields: {}, indexes: [] };

type Recorded<E> = RecordedEvent & E;

/** Sets `reachedAt` when saved first meets the target, clears it when it no longer does. */
function withReached(goal: GoalView, at: string): GoalView {
  const reached = isReached(goal);
  if (reached && goal.reachedAt === null) return { ...goal, reachedAt: at };
  if (!reached && goal.reachedAt !== null) return { ...goal, reachedAt: null };
  return goal;
}

async function addGoal(event: Recorded<GoalAdded>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const existing = await uow.get(GOALS_VIEW, metadata.userId, data.goalId);
  if (!isNewerThan(event, existing)) return;
  const doc: GoalView = {
    id: data.goalId,
    name: data.name,
    target: data.target,
    saved: data.saved,
    targetDate: data.targetDate ?? null,
    createdAt: metadata.occurredAt,
    updatedAt: metadata.occurredAt,
    reachedAt: null,
  };
  uow.put(GOALS_VIEW, metadata.userId, data.goalId, withReached(doc, metadata.occurredAt), event.position);
}

async function update(
  event: RecordedEvent,
  goalId: string,
  uow: UnitOfWork,
  change: (goal: GoalView) => GoalView,
): Promise<void> {
  const { metadata } = event;
  const current = await uow.get<GoalView>(GOALS_VIEW, metadata.userId, goalId);
  if (current === null || !isNewerThan(event, current)) return;
  const next = { ...change(current.doc), updatedAt: metadata.occurredAt };
  uow.put(GOALS_VIEW, metadata.userId, goalId, withReached(next, metadata.occurredAt), event.position);
}

function edit(goal: GoalView, changes: GoalEdited['data']['changes']): GoalView {
  const target = changes.target ?? goal.target;
  // A goal with nothing saved that moves to another currency keeps nothing saved in the new one.
  const carried =
    target.currency !== goal.saved.currency && goal.saved.amount === 0
      ? { amount: 0, currency: target.currency }
      : goal.saved;
  return {
    ...goal,
    ...(changes.name === undefined ? {} : { name: changes.name }),
    target,
    saved: changes.saved ?? carried,
    targetDate: changes.targetDate === undefined ? goal.targetDate : changes.targetDate,
  };
}

const moved = (goal: GoalView, amount: number): GoalView => ({
  ...goal,
  saved: { ...goal.saved, amount: goal.saved.amount + amount },
});

/** The user's savings goals with what is saved, and when each was reached. */
export const goalsProjection: Projection = {
  name: 'goals',
  views: [goalsView],
  handles: ['GoalAdded', 'GoalEdited', 'GoalContributed', 'GoalWithdrawn', 'GoalDeleted'],
  async apply(event, uow) {
    const known = event as Recorded<ProfileEvent>;
    switch (known.type) {
      case 'GoalAdded':
        return addGoal(known, uow);
      case 'GoalEdited':
        return update(known, known.data.goalId, uow, (goal) => edit(goal, known.data.changes));
      case 'GoalContributed':
        return update(known, known.data.goalId, uow, (goal) => moved(goal, known.data.amount.amount));
      case 'GoalWithdrawn':
        return update(known, known.data.goalId, uow, (goal) => moved(goal, -known.data.amount.amount));
      case 'GoalDeleted': {
        const current = await uow.get(GOALS_VIEW, known.metadata.userId, known.data.goalId);
        if (current !== null && !isNewerThan(known, current)) return;
        uow.remove(GOALS_VIEW, known.metadata.userId, known.data.goalId, known.position);
        return;
      }
      default:
        return;
    }
  },
};
