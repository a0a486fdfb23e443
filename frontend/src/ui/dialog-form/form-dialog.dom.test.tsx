import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { addGoalSchema } from '@plenty/contracts/goals';
import { useCommand } from '../../lib/api/use-command';
import { fieldMessages, schemaFieldCodes, type FieldMapping } from '../../lib/form/field-codes';
import { useForm } from '../../lib/form/use-form';
import { english, fakeApi, renderWithApp } from '../../lib/testing/render-app';
import { FieldMessage } from './field-message';
import { ModalDialog } from './modal-dialog';

type Field = 'name' | 'targetDate';
const mapping: FieldMapping<Field> = { fields: ['name', 'targetDate'], codes: { goal_name_taken: 'name' } };

/** A small "new goal" dialog made of the form primitives, checked by the contracts schema. */
function NewGoal() {
  const [open, setOpen] = useState(false);
  const command = useCommand('AddGoal', mapping);
  const body = (values: { name: string; targetDate: string }) => ({
    goalId: command.newId(),
    name: values.name,
    target: { amount: 100, currency: 'THB' as const },
    targetDate: values.targetDate,
  });
  const form = useForm({
    initial: { name: '', targetDate: '2030-01-31' },
    fields: mapping.fields,
    validate: (values) => fieldMessages(schemaFieldCodes(addGoalSchema, body(values)), mapping),
    session: open ? 'new' : null,
    onSessionStart: command.reset,
  });
  const submit = form.onSubmit(async (values) => {
    const outcome = await command.run(body(values));
    if (outcome.ok) setOpen(false);
    else form.showErrors(outcome.fieldErrors);
  });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New goal
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={command.pending}
        labelledBy={form.id('title')}
        initialFocus={() => document.getElementById(form.id('name'))}
      >
        <form noValidate onSubmit={submit}>
          <h2 id={form.id('title')}>Goal</h2>
          <label htmlFor={form.id('name')}>Name</label>
          <input
            {...form.field('name')}
            value={form.values.name}
            onChange={(event) => form.set('name', event.target.value)}
          />
          <FieldMessage form={form} field="name" />
          <button type="submit">Add</button>
        </form>
      </ModalDialog>
    </>
  );
}

describe('a form dialog made of useForm, useCommand and ModalDialog', () => {
  it('shows the schema’s message under the field, focuses it, and sends nothing', async () => {
    const api = fakeApi([]);
    const user = userEvent.setup();
    renderWithApp(<NewGoal />);
    await user.click(screen.getByRole('button', { name: 'New goal' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText(english('error.name_required'));
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(name);
    expect(api.sent).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it is about', async () => {
    fakeApi([{ status: 409, body: { error: { code: 'goal_name_taken', message: 'taken' } } }]);
    const user = userEvent.setup();
    renderWithApp(<NewGoal />);
    await user.click(screen.getByRole('button', { name: 'New goal' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Trip');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(english('error.goal_name_taken'))).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('opens with focus in its first field, closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderWithApp(<NewGoal />);
    const opener = screen.getByRole('button', { name: 'New goal' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Goal' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));

    await user.keyboard('{Escape}');
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes once the server accepted the command', async () => {
    const api = fakeApi([{ status: 200, body: { streamId: 'profile-1', revision: 1, position: '7' } }]);
    const user = userEvent.setup();
    renderWithApp(<NewGoal />);
    await user.click(screen.getByRole('button', { name: 'New goal' }));
    const dialog = screen.getByRole('dialog', { name: 'Goal' }) as HTMLDialogElement;
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Trip');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await vi.waitFor(() => expect(dialog.open).toBe(false));
    expect(api.sent[0]?.body).toMatchObject({ name: 'Trip', targetDate: '2030-01-31' });
  });
});
