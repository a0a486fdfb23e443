import { act, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionChanged } from '../../../lib/auth/auth-slice';
import { answeredFromDevice, paintRefreshed } from '../../../lib/offline/network-slice';
import { fakeApi, renderWithApp } from '../../../lib/testing/render-app';
import { LocaleContext } from '../../../lib/use-locale';
import { PreferencesTab } from './preferences-tab';

describe('the preferences form on a page load painted from the device', () => {
  it('waits for the server’s values before it shows the form', async () => {
    fakeApi([{ status: 200, body: { ...DEFAULT_PREFERENCES_VIEW, reminderDaysBefore: 5 } }]);
    const { store } = renderWithApp(
      <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
        <MemoryRouter>
          <PreferencesTab />
        </MemoryRouter>
      </LocaleContext.Provider>,
    );
    act(() => {
      store.dispatch(sessionChanged({ uid: 'u1', email: 'a@example.com', displayName: 'A', emailVerified: true }));
      store.dispatch(answeredFromDevice({ savedAt: '2026-11-27T07:00:00.000Z', painted: 'getPreferences(undefined)' }));
    });
    // The answer is here, but the screen still shows a device copy: no form yet.
    await waitFor(() => expect(store.getState().network.refreshing).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('preferences-reminder-days')).toBeNull();

    act(() => void store.dispatch(paintRefreshed('getPreferences(undefined)')));
    const days = await screen.findByTestId('preferences-reminder-days');
    expect((days as HTMLSelectElement).value).toBe('5');
  });
});
