import { act, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { preferencesApi } from '../../../lib/preferences';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { PreferencesTab } from './preferences-tab';

async function paintedPreferences() {
  const { store } = await paintedStore([
    preferencesApi.util.upsertQueryData('preferences', undefined, {
      ...DEFAULT_PREFERENCES_VIEW,
      reminderDaysBefore: 2,
    }),
  ]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter>
        <PreferencesTab />
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  return store;
}

const reminderDays = () => (screen.getByTestId('preferences-reminder-days') as HTMLSelectElement).value;

describe('the preferences form on a page load painted from the device', () => {
  it('waits for the server’s values before it shows the form', async () => {
    serveApi({ '/api/queries/preferences': { ...DEFAULT_PREFERENCES_VIEW, reminderDaysBefore: 5 } });
    const store = await paintedPreferences();
    // The answer is here, but it is the device copy: the page's loading state, no form yet.
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('preferences-reminder-days')).toBeNull();

    act(() => refreshPainted(store));
    await waitFor(() => expect(reminderDays()).toBe('5'));
  });

  it('opens from the device copy when the server cannot be reached', async () => {
    serveApi({}, { offline: true });
    const store = await paintedPreferences();
    act(() => refreshPainted(store));
    await waitFor(() => expect(reminderDays()).toBe('2'));
    expect(store.getState().network.online).toBe(false);
  });

  it('opens from the device copy when the server fails', async () => {
    serveApi({ '/api/queries/preferences': { error: { code: 'internal' } } }, { status: 500 });
    const store = await paintedPreferences();
    act(() => refreshPainted(store));
    await waitFor(() => expect(reminderDays()).toBe('2'));
    expect(store.getState().network.refreshing).toEqual([]);
  });
});
