import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  answeredFromDevice,
  answeredFromServer,
  paintRefreshed,
  wentOffline,
  wentOnline,
} from '../../lib/offline/network-slice';
import { english, fakeApi, renderWithApp } from '../../lib/testing/render-app';
import { LocaleContext } from '../../lib/use-locale';
import { formatAsOfTime } from './as-of-time';
import { GuestOfflineNotice } from './guest-offline-notice';
import OfflineBanner, { BACK_ONLINE_MS, bannerState } from './offline-banner';

const SAVED_AT = '2026-11-27T07:05:00.000Z';

function renderBanner() {
  fakeApi([{ status: 200, body: { timeZone: 'Asia/Bangkok', language: 'en', theme: 'light' } }]);
  return renderWithApp(
    <LocaleContext.Provider value={{ locale: 'en', setLocale: () => Promise.resolve() }}>
      <OfflineBanner />
    </LocaleContext.Provider>,
  );
}

const banner = () => screen.getByTestId('offline-banner');

describe('the offline banner', () => {
  it('is an empty polite live region while everything comes from the server', () => {
    renderBanner();
    expect(banner().getAttribute('role')).toBe('status');
    expect(banner().getAttribute('aria-live')).toBe('polite');
    expect(banner().textContent).toBe('');
  });

  it('says the app is offline and keeps entries when nothing came from the device', () => {
    const { store } = renderBanner();
    act(() => void store.dispatch(wentOffline()));
    expect(banner().textContent).toBe(english('offline.entriesKept'));
  });

  it('says how old the data is when it came from the device offline', () => {
    const { store } = renderBanner();
    act(() => {
      store.dispatch(wentOffline());
      store.dispatch(answeredFromDevice({ savedAt: SAVED_AT }));
    });
    expect(banner().textContent).toMatch(/^Offline — showing data as of .+/);
    expect(banner().dataset['state']).toBe('offline-as-of');
  });

  it('says the server cannot be reached when the browser is online but the data came from the device', () => {
    const { store } = renderBanner();
    act(() => void store.dispatch(answeredFromDevice({ savedAt: SAVED_AT })));
    expect(banner().textContent).toMatch(/^Plenty can't be reached — showing data as of .+/);
  });

  it('says "Back online" when the network returns, then nothing', () => {
    vi.useFakeTimers();
    try {
      const { store } = renderBanner();
      act(() => {
        store.dispatch(wentOffline());
        store.dispatch(answeredFromDevice({ savedAt: SAVED_AT }));
      });
      act(() => {
        store.dispatch(wentOnline());
        store.dispatch(answeredFromServer());
      });
      expect(banner().textContent).toBe(english('offline.backOnline'));
      act(() => void vi.advanceTimersByTime(BACK_ONLINE_MS));
      expect(banner().textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the banner on a repeat visit painted from the device', () => {
  it('says the data is being updated until every painted answer came from the server, then nothing, not "Back online"', () => {
    const { store } = renderBanner();
    act(() => {
      store.dispatch(answeredFromDevice({ savedAt: SAVED_AT, painted: 'dashboard' }));
      store.dispatch(answeredFromDevice({ savedAt: SAVED_AT, painted: 'goals' }));
    });
    expect(banner().dataset['state']).toBe('refreshing-as-of');
    expect(banner().textContent).toMatch(/^Updating — showing data as of .+/);
    // The first server answer does not clear it while another card still shows its copy.
    act(() => {
      store.dispatch(answeredFromServer());
      store.dispatch(paintRefreshed('dashboard'));
    });
    expect(banner().dataset['state']).toBe('refreshing-as-of');
    act(() => {
      store.dispatch(answeredFromServer());
      store.dispatch(paintRefreshed('goals'));
    });
    expect(banner().dataset['state']).toBe('none');
    expect(banner().textContent).toBe('');
  });

  it('says the server cannot be reached when the refresh of a painted answer fails', () => {
    const { store } = renderBanner();
    act(() => void store.dispatch(answeredFromDevice({ savedAt: SAVED_AT, painted: 'dashboard' })));
    act(() => {
      // The refresh failed: the base query answered from the device again.
      store.dispatch(answeredFromDevice({ savedAt: SAVED_AT }));
      store.dispatch(paintRefreshed('dashboard'));
    });
    expect(banner().dataset['state']).toBe('unreachable-as-of');
  });
});

describe('what the banner says', () => {
  it('follows the browser first, then whether the server answered', () => {
    expect(bannerState(true, true, null)).toBeNull();
    expect(bannerState(false, false, null)).toBe('offline');
    expect(bannerState(false, false, SAVED_AT)).toBe('offline-as-of');
    expect(bannerState(true, false, SAVED_AT)).toBe('unreachable-as-of');
    expect(bannerState(true, false, null)).toBe('unreachable');
    // Back online, the screens are being asked again: no longer "can't be reached".
    expect(bannerState(true, true, SAVED_AT)).toBeNull();
  });
});

describe('the time the data is as of', () => {
  const now = new Date('2026-11-27T10:00:00.000Z');
  it('is the time of day in the user’s zone when it is today there', () => {
    expect(formatAsOfTime(SAVED_AT, 'en', 'Asia/Bangkok', now)).toBe('2:05 PM');
    expect(formatAsOfTime(SAVED_AT, 'th', 'Asia/Bangkok', now)).toBe('14:05');
  });

  it('has the date when it is another day there', () => {
    expect(formatAsOfTime('2026-11-25T20:30:00.000Z', 'en', 'Asia/Bangkok', now)).toBe('Nov 26 3:30 AM');
    expect(formatAsOfTime(SAVED_AT, 'en', 'America/New_York', new Date('2026-11-28T12:00:00.000Z'))).toBe(
      'Nov 27 2:05 AM',
    );
  });

  it('writes Lao on a 24-hour clock, with the day', () => {
    expect(formatAsOfTime('2026-11-25T20:30:00.000Z', 'lo', 'Asia/Vientiane', now)).toMatch(/^26 \S.* 0?3:30$/);
    expect(formatAsOfTime('2026-11-26T20:30:00.000Z', 'lo', 'Asia/Vientiane', now)).toMatch(/^0?3:30$/);
  });
});

describe('the sign-in pages’ offline notice', () => {
  it('says signing in needs a network only while offline', () => {
    const { store } = renderWithApp(<GuestOfflineNotice />);
    const notice = screen.getByTestId('guest-offline-notice');
    expect(notice.textContent).toBe('');
    act(() => void store.dispatch(wentOffline()));
    expect(notice.textContent).toBe(english('offline.guest'));
    act(() => void store.dispatch(wentOnline()));
    expect(notice.textContent).toBe('');
  });
});
