import { GOALS_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { goalViewSchema } from '@plenty/contracts/goals';
import { eventLog } from './testing/events.js';
import { documents } from './testing/memory-read-store.js';
import { projectionScratch } from './testing/scratch.js';

const house = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';
const trip = '0192f0c4-7a1b-7c3d-8e4f-00000000a002';
const lak = (amount: number) => ({ amount, currency: 'LAK' });
const thb = (amount: number) => ({ amount, currency: 'THB' });

const scratch = projectionScratch();
const { given } = scratch;

/** A decoded profile event as the projector receives it, one second after the one before. */
const profileEvent = (userId: string, type: string, data: Record<string, unknown>) =>
  scratch.log.profile(userId, type, data);

const added = (userId: string, goalId: string, fields: Record<string, unknown> = {}) =>
  profileEvent(userId, 'GoalAdded', { goalId, name: 'House', target: lak(1_000_000), saved: lak(0), ...fields });
const contributed = (userId: string, goalId: string, amount: number) =>
  profileEvent(userId, 'GoalContributed', { goalId, amount: lak(amount), date: '2026-11-20' });
const withdrawn = (userId: string, goalId: string, amount: number) =>
  profileEvent(userId, 'GoalWithdrawn', { goalId, amount: lak(amount), date: '2026-11-21' });
const edited = (userId: string, goalId: string, changes: Record<string, unknown>) =>
  profileEvent(userId, 'GoalEdited', { goalId, changes });
const deleted = (userId: string, goalId: string) => profileEvent(userId, 'GoalDeleted', { goalId });

const goalsOf = (userId: string) => documents(scratch.store, GOALS_VIEW, userId);

describe('goals projection', () => {
  it('keeps each goal the user adds, with what is saved and when it was made', async () => {
    const event = added('alice', house, { saved: lak(200_000), targetDate: '2027-06-30' });
    await given(event);
    const [goal] = await goalsOf('alice');
    expect(goal).toEqual({
      id: house,
      name: 'House',
      target: lak(1_000_000),
      saved: lak(200_000),
      targetDate: '2027-06-30',
      createdAt: event.metadata.occurredAt,
      updatedAt: event.metadata.occurredAt,
      reachedAt: null,
    });
    expect(goalViewSchema.parse(goal)).toMatchObject({ id: house });
  });

  it('adds contributions and takes withdrawals off what is saved', async () => {
    await given(added('alice', house), contributed('alice', house, 300_000), withdrawn('alice', house, 50_000));
    expect(await goalsOf('alice')).toEqual([expect.objectContaining({ saved: lak(250_000), reachedAt: null })]);
  });

  it('records when the goal is reached and clears it when savings fall below the target again', async () => {
    const add = added('alice', house, { saved: lak(1) });
    const reaching = contributed('alice', house, 1_000_000);
    await given(add, reaching);
    expect(await goalsOf('alice')).toEqual([expect.objectContaining({ reachedAt: reaching.metadata.occurredAt })]);

    await given(contributed('alice', house, 5));
    expect(await goalsOf('alice')).toEqual([expect.objectContaining({ reachedAt: reaching.metadata.occurredAt })]);

    await given(edited('alice', house, { target: lak(2_000_000) }));
    expect(await goalsOf('alice')).toEqual([expect.objectContaining({ reachedAt: null })]);
  });

  it('counts a goal set with its target already saved as reached at once', async () => {
    const event = added('alice', house, { saved: lak(1_000_000) });
    await given(event);
    expect(await goalsOf('alice')).toEqual([expect.objectContaining({ reachedAt: event.metadata.occurredAt })]);
  });

  it('applies edits to the fields they name, a cleared date included', async () => {
    const add = added('alice', house, { targetDate: '2027-01-01' });
    const edit = edited('alice', house, { name: 'Home', targetDate: null });
    await given(add, edit);
    expect(await goalsOf('alice')).toEqual([
      expect.objectContaining({
        name: 'Home',
        target: lak(1_000_000),
        targetDate: null,
        updatedAt: edit.metadata.occurredAt,
      }),
    ]);
  });

  it('moves an empty goal to a new currency with its target', async () => {
    await given(added('alice', house), edited('alice', house, { target: thb(50_000) }));
    expect(await goalsOf('alice')).toEqual([expect.objectContaining({ target: thb(50_000), saved: thb(0) })]);
  });

  it('drops deleted goals, ignores later events for them and keeps users apart', async () => {
    await given(
      added('alice', house),
      added('alice', trip, { name: 'Trip' }),
      added('bob', house, { name: 'Bob’s house' }),
      deleted('alice', house),
      contributed('alice', house, 10),
    );
    expect(await goalsOf('alice')).toEqual([expect.objectContaining({ id: trip, name: 'Trip' })]);
    expect(await goalsOf('bob')).toEqual([expect.objectContaining({ id: house, name: 'Bob’s house' })]);
  });

  it('changes nothing when the same events arrive again', async () => {
    const events = [added('alice', house), contributed('alice', house, 400)];
    await given(...events);
    await given(...events);
    expect(await goalsOf('alice')).toEqual([expect.objectContaining({ saved: lak(400) })]);
  });

  it('purges the goals of an erased account', async () => {
    const log = eventLog(new Date('2026-12-01T00:00:00.000Z'));
    const erased = { ...log.accountErased('alice'), position: '1000' };
    await given(added('alice', house), added('bob', trip), erased);
    expect(await goalsOf('alice')).toEqual([]);
    expect(await goalsOf('bob')).toHaveLength(1);
  });
});
