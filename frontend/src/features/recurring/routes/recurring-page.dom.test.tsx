import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { recurringApi } from '../api';
import { RecurringPage } from './recurring-page';
import { rule } from './rule-fixture';

/** The list shows rules without their versions and occurrences. */
const listed = (note: string) => {
  const { versions: _versions, waiting: _waiting, next: _next, ...view } = rule(note);
  return view;
};

async function paintedList() {
  const { store } = await paintedStore([
    recurringApi.util.upsertQueryData('recurringRules', undefined, { items: [listed('Old rent')] }),
  ]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter>
        <RecurringPage />
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  await userEvent.click(await screen.findByTestId('edit-rule'));
  return store;
}

const note = () => (screen.getByTestId('rule-note') as HTMLInputElement).value;
const dialogOpen = () => (screen.getByTestId('rule-dialog') as HTMLDialogElement).open;

describe('editing a recurring rule from the list, loaded painted from the device', () => {
  it('starts the rule’s form from the server’s values, not the painted copy', async () => {
    serveApi({
      '/api/queries/recurring': { items: [listed('New rent')] },
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await paintedList();
    expect(dialogOpen()).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(note()).toBe('New rent');
  });

  it('opens the form from the device copy when the server cannot be reached', async () => {
    serveApi({}, { offline: true });
    const store = await paintedList();
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(note()).toBe('Old rent');
    expect(store.getState().network.online).toBe(false);
  });
});
