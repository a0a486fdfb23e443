import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import en from '@plenty/locales/en.json';
import { dashboardSchema, type Dashboard } from '@plenty/contracts/views/dashboard';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionChanged } from '../../../lib/auth/auth-slice';
import type * as AfterFirstPaint from '../../../app/after-first-paint';
import { BOOT_SNAPSHOT_KEY } from '../../../lib/boot-snapshot/reveal';
import { answeredFromDevice, paintRefreshed } from '../../../lib/offline/network-slice';
import { renderWithApp } from '../../../lib/testing/render-app';
import { LocaleContext } from '../../../lib/use-locale';
import { dynamicMiddleware, rootReducer } from '../../../lib/store/root-reducer';
import { isPlainDashboard, prefetchDashboard } from '../prefetch';

/** The cards below the first ones arrive when the test lets them (the download of their chunk). */
const more = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { asked: false, arrived, release: () => release() };
});
// The as-of panel's texts are a build-time module; the panel is not what this test is about.
vi.mock('../../../ui/as-of/as-of', async () => ({
  ...(await import('../../../ui/as-of/as-of-param')),
  AsOfPanel: () => null,
}));
vi.mock('./dashboard-more', async (importOriginal) => {
  more.asked = true;
  await more.arrived;
  return importOriginal();
});

// The page's idle work (keeping a copy for the next visit's boot) runs when the test says.
const idle = vi.hoisted(() => [] as (() => void)[]);
vi.mock('../../../app/after-first-paint', async (importOriginal) => ({
  ...(await importOriginal<typeof AfterFirstPaint>()),
  whenIdle: (work: () => void) => {
    idle.push(work);
    return () => undefined;
  },
}));

const { DashboardPage } = await import('./dashboard-page');

const months = Array.from({ length: 12 }, (_, index) => ({
  month: `2026-${String(index + 1).padStart(2, '0')}`,
  income: 500000,
  expense: 320000,
}));
const dashboard: Dashboard = dashboardSchema.parse({
  month: '2026-11',
  today: '2026-11-27',
  currency: 'THB',
  ratesDate: null,
  totals: { income: 500000, expense: 320000, balance: 180000 },
  perCurrency: [{ currency: 'THB', income: 500000, expense: 320000 }],
  count: 12,
  budget: {
    status: 'no_budget',
    limit: null,
    limitOriginal: null,
    spent: 320000,
    remaining: null,
    percentUsed: null,
    dailyAverage: 11852,
    daysInMonth: 30,
    daysElapsed: 27,
    daysLeft: 3,
    projectedTotal: 355556,
    scheduledExpense: 0,
    projectedStatus: 'no_budget',
  },
  outOfRange: false,
  byCategory: [{ categoryId: 'builtin-food', income: 0, expense: 320000, count: 11 }],
  daily: Array.from({ length: 30 }, (_, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, '0')}`,
    income: 0,
    expense: index < 27 ? 11852 : 0,
  })),
  months,
  recent: [],
  insight: { kind: 'no_data' },
  rule503020: { income: 500000, needs: 0, wants: 320000, savings: 0 },
  categoryBudgets: { items: [], budgeted: 0, spentBudgeted: 0, unbudgeted: 320000, unbudgetedCategories: [] },
});

/** The API by path: the dashboard above, nothing else recorded. Returns the paths asked, in order. */
function api(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    asked.push(url.pathname);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/queries/dashboard') return json(dashboard);
    if (url.pathname === '/api/queries/categories') return json({ items: [] });
    if (url.pathname === '/api/queries/upcoming')
      return json({
        today: '2026-11-27',
        through: '2026-12-04',
        displayCurrency: 'THB',
        items: [],
        totals: { income: 0, expense: 0, outOfRange: false },
        waitingCount: 0,
      });
    return new Response('{}', { status: 404 });
  });
  return asked;
}

describe('the dashboard on its first render', () => {
  it(
    'shows the month totals and budget before the cards below them are downloaded, then those in their held space',
    { timeout: 30_000 },
    async () => {
      api();
      const { store } = renderWithApp(
        <MemoryRouter initialEntries={['/dashboard']}>
          <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
            <DashboardPage />
          </LocaleContext.Provider>
        </MemoryRouter>,
      );
      store.dispatch(sessionChanged({ uid: 'user-1', email: 'a@example.com', displayName: null, emailVerified: true }));

      // The first cards: the totals and the budget, with a held, announced space below them.
      expect((await screen.findByTestId('total-expense-value')).textContent).toContain('3,200');
      expect(screen.getByTestId('dashboard-more-loading').getAttribute('role')).toBe('status');
      expect(screen.queryByTestId('monthly-chart')).toBeNull();
      // Asked for only after the first cards were painted, and not here yet.
      await waitFor(() => expect(more.asked).toBe(true));
      expect(screen.queryByTestId('monthly-chart')).toBeNull();

      more.release();
      // The chunk's modules are compiled on first use here, which can take seconds on a busy machine.
      expect(await screen.findByTestId('monthly-chart', {}, { timeout: 20_000 })).toBeDefined();
      expect(screen.queryByTestId('dashboard-more-loading')).toBeNull();
      expect(screen.getByTestId('total-expense-value').textContent).toContain('3,200');
    },
  );
});

describe('the dashboard started before its first render', () => {
  it('is only the plain dashboard, in any language, without a month or a past day', () => {
    expect(isPlainDashboard('/dashboard', '')).toBe(true);
    expect(isPlainDashboard('/th/dashboard', '?utm=x')).toBe(true);
    expect(isPlainDashboard('/lo/dashboard/', '')).toBe(true);
    expect(isPlainDashboard('/dashboard', '?month=2026-10')).toBe(false);
    expect(isPlainDashboard('/dashboard', '?asOf=2026-10-01')).toBe(false);
    expect(isPlainDashboard('/dashboard/reports', '')).toBe(false);
  });

  it('starts the queries the page asks for, so its first render already shows the month, asked once', async () => {
    const asked = api();
    const store = configureStore({
      reducer: rootReducer,
      middleware: (defaults) => defaults().concat(dynamicMiddleware.middleware),
    });
    store.dispatch(sessionChanged({ uid: 'user-1', email: 'a@example.com', displayName: null, emailVerified: true }));
    prefetchDashboard(store);
    await waitFor(() =>
      expect(
        Object.values(store.getState().api?.queries ?? {}).filter((entry) => entry?.status === 'fulfilled'),
      ).toHaveLength(3),
    );
    render(
      <Provider store={store}>
        <IntlProvider locale="en" messages={en}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
              <DashboardPage />
            </LocaleContext.Provider>
          </MemoryRouter>
        </IntlProvider>
      </Provider>,
    );
    // On the first render, without waiting for an answer.
    expect(screen.getByTestId('total-expense-value').textContent).toContain('3,200');
    expect(screen.queryByTestId('dashboard-loading')).toBeNull();
    expect(asked.filter((path) => path === '/api/queries/dashboard')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/queries/upcoming')).toHaveLength(1);
  });
});

describe('the copy of the dashboard kept for the next visit’s boot', () => {
  it('is taken once the figures on screen are the server’s, never while they are painted from the device', async () => {
    api();
    idle.length = 0;
    localStorage.clear();
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const store = configureStore({
      reducer: rootReducer,
      middleware: (defaults) => defaults().concat(dynamicMiddleware.middleware),
    });
    store.dispatch(sessionChanged({ uid: 'user-1', email: 'a@example.com', displayName: null, emailVerified: true }));
    // An answer painted from the device is on screen and being updated.
    store.dispatch(answeredFromDevice({ savedAt: '2026-11-27T08:00:00.000Z', painted: 'dashboard-painted' }));
    render(
      <Provider store={store}>
        <IntlProvider locale="en" messages={en}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
              <DashboardPage />
            </LocaleContext.Provider>
          </MemoryRouter>
        </IntlProvider>
      </Provider>,
      { container: root },
    );
    expect((await screen.findByTestId('total-expense-value')).textContent).toContain('3,200');
    expect(idle).toHaveLength(0);

    // The server's answer replaced it: the copy is taken when the page is next idle.
    store.dispatch(paintRefreshed('dashboard-painted'));
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    for (const work of idle.splice(0)) work();
    await waitFor(() => expect(localStorage.getItem(BOOT_SNAPSHOT_KEY)).not.toBeNull());
    const saved = JSON.parse(localStorage.getItem(BOOT_SNAPSHOT_KEY) ?? '{}') as {
      uid: string;
      path: string;
      html: string;
    };
    expect(saved.uid).toBe('user-1');
    expect(saved.path).toBe('/dashboard');
    expect(saved.html).toContain('3,200');
    expect(saved.html).not.toContain('data-testid');
    root.remove();
  });
});
