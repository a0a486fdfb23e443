import { describe, expect, it } from 'vitest';
import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import { domainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import { goalCommandSchemas } from '@plenty/contracts/goals';
import { decideProfile } from './profile.decider.js';
import { evolveProfile, initialProfileState } from './profile.state.js';

const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const house = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';
const trip = '0192f0c4-7a1b-7c3d-8e4f-00000000a002';

function given(...events: ProfileEvent[]) {
  const state = events.reduce(evolveProfile, initialProfileState);
  return { when: (command: ProfileCommand) => decideProfile(command, state, 'alice') };
}

/** Commands go through their schemas, as the route parses them. */
function command<T extends keyof typeof goalCommandSchemas>(type: T, data: Record<string, unknown>): ProfileCommand {
  return { type, data: goalCommandSchemas[type].parse({ commandId, ...data }) } as ProfileCommand;
}

const lak = (amount: number) => ({ amount, currency: 'LAK' as const });
const thb = (amount: number) => ({ amount, currency: 'THB' as const });

const houseAdded: ProfileEvent = {
  type: 'GoalAdded',
  data: { goalId: house, name: 'House', target: lak(50_000_000), saved: lak(0), targetDate: '2027-12-31' },
};
const contributed = (amount: number): ProfileEvent => ({
  type: 'GoalContributed',
  data: { goalId: house, amount: lak(amount), date: '2026-11-20' },
});

describe('adding a goal', () => {
  it('records the goal with nothing saved when no starting amount is given', () => {
    const add = command('AddGoal', { goalId: trip, name: ' Trip ', target: thb(2_000_000), targetDate: '2027-06-30' });
    expect(given().when(add)).toEqual([
      {
        type: 'GoalAdded',
        data: { goalId: trip, name: 'Trip', target: thb(2_000_000), saved: thb(0), targetDate: '2027-06-30' },
      },
    ]);
  });

  it('keeps a starting amount and a target date', () => {
    const add = command('AddGoal', {
      goalId: trip,
      name: 'Trip',
      target: thb(2_000_000),
      saved: thb(150_000),
      targetDate: '2027-04-13',
    });
    expect(given().when(add)).toEqual([
      {
        type: 'GoalAdded',
        data: { goalId: trip, name: 'Trip', target: thb(2_000_000), saved: thb(150_000), targetDate: '2027-04-13' },
      },
    ]);
  });

  it('refuses a name another goal has, whatever its case', () => {
    const add = command('AddGoal', { goalId: trip, name: 'hOUSE', target: lak(1), targetDate: '2027-06-30' });
    expect(given(houseAdded).when(add)).toEqual(domainError('goal_name_taken', 409, 'name'));
  });

  it('allows the name of a deleted goal again', () => {
    const deleted: ProfileEvent = { type: 'GoalDeleted', data: { goalId: house } };
    const add = command('AddGoal', { goalId: trip, name: 'House', target: lak(1), targetDate: '2027-06-30' });
    expect(given(houseAdded, deleted).when(add)).toHaveLength(1);
  });

  it('refuses a starting amount in another currency than the target', () => {
    const add = command('AddGoal', {
      goalId: trip,
      name: 'Trip',
      target: thb(100),
      saved: lak(5),
      targetDate: '2027-06-30',
    });
    expect(given().when(add)).toEqual(domainError('goal_currency_mismatch', 422, 'saved'));
  });

  it('never reuses the id of a goal, live or deleted', () => {
    const again = command('AddGoal', { goalId: house, name: 'Another', target: lak(1), targetDate: '2027-06-30' });
    expect(given(houseAdded).when(again)).toEqual(domainError('conflict', 409, 'goalId'));
    const deleted: ProfileEvent = { type: 'GoalDeleted', data: { goalId: house } };
    expect(given(houseAdded, deleted).when(again)).toEqual(domainError('conflict', 409, 'goalId'));
  });

  it('refuses a target that is not positive before deciding', () => {
    const parsed = goalCommandSchemas.AddGoal.safeParse({
      commandId,
      goalId: trip,
      name: 'Trip',
      target: lak(0),
      targetDate: '2027-06-30',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['target_not_positive']);
  });

  it('refuses a goal without a target date before deciding', () => {
    const parsed = goalCommandSchemas.AddGoal.safeParse({ commandId, goalId: trip, name: 'Trip', target: lak(5) });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['targetDate', 'target_date_required'],
    ]);
  });
});

describe('editing a goal', () => {
  const edit = (changes: Record<string, unknown>) => command('EditGoal', { goalId: house, changes });

  it('records only what changes', () => {
    expect(given(houseAdded).when(edit({ name: 'Home', target: lak(50_000_000), targetDate: '2028-01-31' }))).toEqual([
      { type: 'GoalEdited', data: { goalId: house, changes: { name: 'Home', targetDate: '2028-01-31' } } },
    ]);
  });

  it('answers nothing_to_change when every value is the current one', () => {
    expect(given(houseAdded).when(edit({ name: 'House', targetDate: '2027-12-31' }))).toEqual(
      domainError('nothing_to_change', 422),
    );
  });

  it('refuses to take another goal’s name, in any case, but allows changing its own case', () => {
    const tripAdded: ProfileEvent = {
      type: 'GoalAdded',
      data: { goalId: trip, name: 'Trip', target: lak(10), saved: lak(0) },
    };
    expect(given(houseAdded, tripAdded).when(edit({ name: 'TRIP' }))).toEqual(
      domainError('goal_name_taken', 409, 'name'),
    );
    expect(given(houseAdded, tripAdded).when(edit({ name: 'HOUSE' }))).toEqual([
      { type: 'GoalEdited', data: { goalId: house, changes: { name: 'HOUSE' } } },
    ]);
  });

  it('changes the currency only while nothing is saved, or with a saved amount in the new currency', () => {
    expect(given(houseAdded).when(edit({ target: thb(900_000) }))).toHaveLength(1);
    expect(given(houseAdded, contributed(5000)).when(edit({ target: thb(900_000) }))).toEqual(
      domainError('goal_currency_mismatch', 422, 'changes.target'),
    );
    expect(given(houseAdded, contributed(5000)).when(edit({ target: thb(900_000), saved: thb(100) }))).toHaveLength(1);
  });

  it('answers 404 for a goal that does not exist or was deleted', () => {
    const deleted: ProfileEvent = { type: 'GoalDeleted', data: { goalId: house } };
    expect(given().when(edit({ name: 'Home' }))).toEqual(domainError('goal_not_found', 404, 'goalId'));
    expect(given(houseAdded, deleted).when(edit({ name: 'Home' }))).toEqual(
      domainError('goal_not_found', 404, 'goalId'),
    );
  });
});

describe('contributions and withdrawals', () => {
  const contribute = (amount: { amount: number; currency: string }, goalId = house) =>
    command('ContributeToGoal', { goalId, amount, date: '2026-11-23' });
  const withdraw = (amount: number) =>
    command('WithdrawFromGoal', { goalId: house, amount: lak(amount), date: '2026-11-23' });

  it('records a contribution in the goal’s currency', () => {
    expect(given(houseAdded).when(contribute(lak(250_000)))).toEqual([
      { type: 'GoalContributed', data: { goalId: house, amount: lak(250_000), date: '2026-11-23' } },
    ]);
  });

  it('keeps contributing after the goal is reached', () => {
    expect(given(houseAdded, contributed(50_000_000)).when(contribute(lak(1)))).toHaveLength(1);
  });

  it('refuses a contribution in another currency', () => {
    expect(given(houseAdded).when(contribute(thb(100)))).toEqual(domainError('goal_currency_mismatch', 422, 'amount'));
  });

  it('refuses a contribution to a goal that does not exist', () => {
    expect(given(houseAdded).when(contribute(lak(100), trip))).toEqual(domainError('goal_not_found', 404, 'goalId'));
  });

  it('withdraws at most what is saved, so savings never go below zero', () => {
    const history = [houseAdded, contributed(3000), contributed(2000)];
    expect(given(...history).when(withdraw(5000))).toEqual([
      { type: 'GoalWithdrawn', data: { goalId: house, amount: lak(5000), date: '2026-11-23' } },
    ]);
    expect(given(...history).when(withdraw(5001))).toEqual(domainError('goal_withdrawal_too_large', 422, 'amount'));
    const emptied: ProfileEvent = {
      type: 'GoalWithdrawn',
      data: { goalId: house, amount: lak(5000), date: '2026-11-23' },
    };
    expect(given(...history, emptied).when(withdraw(1))).toEqual(
      domainError('goal_withdrawal_too_large', 422, 'amount'),
    );
  });
});

describe('deleting a goal', () => {
  const remove = command('DeleteGoal', { goalId: house });

  it('records the deletion of a live goal', () => {
    expect(given(houseAdded).when(remove)).toEqual([{ type: 'GoalDeleted', data: { goalId: house } }]);
  });

  it('answers 404 for a goal already deleted, and refuses to contribute to it', () => {
    const deleted: ProfileEvent = { type: 'GoalDeleted', data: { goalId: house } };
    expect(given(houseAdded, deleted).when(remove)).toEqual(domainError('goal_not_found', 404, 'goalId'));
    expect(
      given(houseAdded, deleted).when(
        command('ContributeToGoal', { goalId: house, amount: lak(1), date: '2026-11-23' }),
      ),
    ).toEqual(domainError('goal_not_found', 404, 'goalId'));
  });
});
