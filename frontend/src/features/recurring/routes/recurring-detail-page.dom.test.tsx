import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { recurringApi } from '../api';
import { RecurringDetailPage } from './recurring-detail-page';
import { ID, rule } from './rule-fixture';

async function paintedRulePage() {
  const { store } = await paintedStore([recurringApi.util.upsertQueryData('recurringRule', ID, rule('Old rent'))]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter initialEntries={[`/dashboard/recurring/${ID}`]}>
        <Routes>
          <Route path="/dashboard/recurring/:id" element={<RecurringDetailPage />} />
        </Routes>
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  await userEvent.click(await screen.findByTestId('edit-rule'));
  return store;
}

const note = () => screen.getByTestId('rule-note') as HTMLInputElement;
const dialogOpen = () => (screen.getByTestId('rule-dialog') as HTMLDialogElement).open;

describe('editing a recurring rule on its page, loaded painted from the device', () => {
  it('starts the rule’s form from the server’s values, not the painted copy', async () => {
    serveApi({
      [`/api/queries/recurring/${ID}`]: rule('New rent'),
      '/api/queries/preferences': DEFAULT_PREFERENCES_VIEW,
    });
    const store = await paintedRulePage();
    expect(dialogOpen()).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(note().value).toBe('New rent');
  });

  it('opens the form from the device copy when the server cannot be reached', async () => {
    serveApi({}, { offline: true });
    const store = await paintedRulePage();
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(note().value).toBe('Old rent');
    expect(store.getState().network.online).toBe(false);
  });
});
