import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GoalList, GoalView } from '@plenty/contracts/goals';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { createTestUser } from '../support/users.js';

const env = useTestStandalone();
const users = useTestUsers(env, ['alice', 'bob']);

const lak = (amount: number) => ({ amount, currency: 'LAK' });

describe('goals over HTTP', () => {
  it('adds a goal, takes contributions until it is reached, edits and deletes it', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const goalId = uuidV7();
    const add = await api.command('AddGoal', {
      goalId,
      name: 'ເຮືອນໃໝ່',
      target: lak(1_000_000),
      saved: lak(100_000),
      targetDate: '2027-06-30',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);

    const stored = await env.standalone.eventStore.readStream(add.body.streamId);
    expect(stored.some((event) => event.type === 'GoalAdded')).toBe(true);
    expect(JSON.stringify(stored)).not.toContain('ເຮືອນໃໝ່');

    const contribute = await api.command('ContributeToGoal', { goalId, amount: lak(900_000), date: '2026-11-23' });
    expect(contribute.status).toBe(200);
    const reached = await api.query<GoalView>(`goals/${goalId}`);
    expect(reached.status).toBe(200);
    expect(reached.body).toMatchObject({
      id: goalId,
      name: 'ເຮືອນໃໝ່',
      target: lak(1_000_000),
      saved: lak(1_000_000),
      targetDate: '2027-06-30',
    });
    expect(reached.body.reachedAt).not.toBeNull();

    expect((await api.command('WithdrawFromGoal', { goalId, amount: lak(1), date: '2026-11-24' })).status).toBe(200);
    const undated = await api.command('EditGoal', { goalId, changes: { targetDate: null } });
    expect(undated.status).toBe(400);
    expect(undated.body.error?.fields?.['changes.targetDate']).toBe('target_date_required');
    const edit = await api.command('EditGoal', { goalId, changes: { name: 'Home', targetDate: '2027-09-30' } });
    expect(edit.status).toBe(200);
    const edited = await api.query<GoalView>(`goals/${goalId}`);
    expect(edited.body).toMatchObject({ name: 'Home', saved: lak(999_999), targetDate: '2027-09-30', reachedAt: null });

    expect((await api.command('DeleteGoal', { goalId })).status).toBe(200);
    expect((await api.query(`goals/${goalId}`)).status).toBe(404);
    const again = await api.command('DeleteGoal', { goalId });
    expect(again.status).toBe(404);
    expect(again.body.error?.code).toBe('goal_not_found');
  });

  it('lists goals by target date, then by name', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const goals = [
      { name: 'Car', targetDate: '2028-01-01' },
      { name: 'bike', targetDate: '2027-01-01' },
      { name: 'Emergency fund', targetDate: '2029-01-01' },
      { name: 'Apartment', targetDate: '2027-01-01' },
    ];
    for (const goal of goals) {
      expect((await api.command('AddGoal', { goalId: uuidV7(), target: lak(10), ...goal })).status).toBe(200);
    }
    const list = await api.query<GoalList>('goals');
    expect(list.body.items.map((goal) => goal.name)).toEqual(['Apartment', 'bike', 'Car', 'Emergency fund']);
  });

  it('refuses a name the user already has, in any case, with goal_name_taken', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    expect(
      (
        await api.command('AddGoal', {
          goalId: uuidV7(),
          name: 'Trip to Luang Prabang',
          target: lak(5),
          targetDate: '2027-12-31',
        })
      ).status,
    ).toBe(200);
    const duplicate = await api.command('AddGoal', {
      goalId: uuidV7(),
      name: 'TRIP TO LUANG PRABANG',
      target: lak(5),
      targetDate: '2027-12-31',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 'goal_name_taken', fields: { name: 'goal_name_taken' } });
  });

  it('answers 404 for another user’s goal, on commands and queries alike', async () => {
    const mine = new ApiClient(env.standalone.app, users.alice);
    const goalId = uuidV7();
    expect(
      (await mine.command('AddGoal', { goalId, name: 'Private', target: lak(100), targetDate: '2027-12-31' })).status,
    ).toBe(200);

    const theirs = new ApiClient(env.standalone.app, users.bob);
    expect((await theirs.query(`goals/${goalId}`)).status).toBe(404);
    expect((await theirs.query<GoalList>('goals')).body.items).toEqual([]);
    for (const [name, payload] of [
      ['EditGoal', { goalId, changes: { name: 'Mine now' } }],
      ['ContributeToGoal', { goalId, amount: lak(1), date: '2026-11-23' }],
      ['DeleteGoal', { goalId }],
    ] as const) {
      const answer = await theirs.command(name, payload);
      expect(answer.status, name).toBe(404);
    }
    expect((await mine.query<GoalView>(`goals/${goalId}`)).body).toMatchObject({ name: 'Private', saved: lak(0) });
  });

  it('refuses a contribution in another currency than the goal’s with 422', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const goalId = uuidV7();
    expect(
      (await api.command('AddGoal', { goalId, name: 'Baht savings', target: lak(100), targetDate: '2027-12-31' }))
        .status,
    ).toBe(200);
    const answer = await api.command('ContributeToGoal', {
      goalId,
      amount: { amount: 100, currency: 'THB' },
      date: '2026-11-23',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({
      code: 'goal_currency_mismatch',
      fields: { amount: 'goal_currency_mismatch' },
    });
  });

  it.each([
    ['a target of zero', { name: 'Zero', target: lak(0) }, 'target.amount', 'target_not_positive'],
    ['a negative target', { name: 'Less', target: lak(-5) }, 'target.amount', 'target_not_positive'],
    ['no target amount', { name: 'None', target: { currency: 'LAK' } }, 'target.amount', 'target_required'],
    ['no target date', { name: 'Someday', target: lak(5) }, 'targetDate', 'target_date_required'],
    ['no name', { name: '   ', target: lak(5) }, 'name', 'name_required'],
    [
      'an unknown currency',
      { name: 'Yen', target: { amount: 5, currency: 'JPY' } },
      'target.currency',
      'currency_invalid',
    ],
    [
      'a date that does not exist',
      { name: 'Leap', target: lak(5), targetDate: '2027-02-29' },
      'targetDate',
      'date_invalid',
    ],
    ['a fractional amount', { name: 'Half', target: lak(2.5) }, 'target.amount', 'amount_not_integer'],
  ])('refuses %s with 400 and the field’s code, appending nothing', async (_name, payload, field, code) => {
    const api = new ApiClient(env.standalone.app, users.bob);
    const before = await env.standalone.eventStore.headPosition();
    const answer = await api.command('AddGoal', { goalId: uuidV7(), ...payload });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('validation_failed');
    expect(answer.body.error?.fields?.[field], JSON.stringify(answer.body)).toBe(code);
    expect(await env.standalone.eventStore.headPosition()).toBe(before);
  });

  it('adds one goal when the same AddGoal is sent twice', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const commandId = randomUUID();
    const payload = { goalId: uuidV7(), name: 'Twice', target: lak(50), targetDate: '2027-12-31' };
    const first = await api.command('AddGoal', payload, commandId);
    const second = await api.command('AddGoal', payload, commandId);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const list = await api.query<GoalList>('goals');
    expect(list.body.items).toHaveLength(1);
    const stored = await env.standalone.eventStore.readStream(first.body.streamId);
    expect(stored.filter((event) => event.type === 'GoalAdded')).toHaveLength(1);
  });
});
