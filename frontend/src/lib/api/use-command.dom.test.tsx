import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithApp } from '../testing/render-app';
import { useCommand } from './use-command';

const result = { streamId: 'profile-1', revision: 1, position: '42' };

/** Deletes a goal by the name typed, and says how the last try went. */
function DeleteGoalButton() {
  const command = useCommand('DeleteGoal');
  const [goalId, setGoalId] = useState('0192f0c4-7a1b-7c3d-8e4f-00000000a001');
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <label>
        Goal
        <input value={goalId} onChange={(event) => setGoalId(event.target.value)} />
      </label>
      <button
        type="button"
        onClick={() => void command.run({ goalId }).then((done) => setOutcome(done.ok ? 'saved' : done.error.code))}
      >
        Delete
      </button>
      <p role="status">{command.pending ? 'sending' : outcome}</p>
    </>
  );
}

describe('useCommand', () => {
  it('sends a retry of the same submission with the same commandId, and a new one after a success', async () => {
    const api = fakeApi([{ status: 0 }, { status: 200, body: result }, { status: 200, body: result }]);
    const user = userEvent.setup();
    const { store } = renderWithApp(<DeleteGoalButton />);
    const button = screen.getByRole('button', { name: 'Delete' });

    await user.click(button);
    expect(await screen.findByText('network')).toBeDefined();
    await user.click(button);
    expect(await screen.findByText('saved')).toBeDefined();
    await user.click(button);
    await vi.waitFor(() => expect(api.sent).toHaveLength(3));

    const [first, retry, next] = api.sent.map((request) => request.body['commandId']);
    expect(api.sent[0]?.url).toBe('/api/commands/DeleteGoal');
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    // The answer's position is what later queries wait for (read-your-writes).
    expect(store.getState().consistency.minPosition).toBe('42');
  });

  it('takes a new commandId when the body of the next try differs', async () => {
    const api = fakeApi([{ status: 0 }, { status: 200, body: result }]);
    const user = userEvent.setup();
    renderWithApp(<DeleteGoalButton />);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('network')).toBeDefined();
    const field = screen.getByRole('textbox', { name: 'Goal' });
    await user.clear(field);
    await user.type(field, '0192f0c4-7a1b-7c3d-8e4f-00000000a002');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('saved')).toBeDefined();

    expect(api.sent[1]?.body['commandId']).not.toBe(api.sent[0]?.body['commandId']);
  });
});
