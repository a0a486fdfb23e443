import { APP_ROUTES, PREFIXED_LOCALES, type AppPath, type PageAccess } from '@plenty/contracts/app-routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootLoading } from '../ui/page-loading';
import { NotFoundPage, RouteErrorPage } from './error-page';
import { AuthLayout } from './layouts/auth-layout';
import { LocaleRoot } from './locale-root';
import { PageGuard } from './page-guard';

type Page = { readonly Component: ComponentType } | { readonly lazy: () => Promise<{ Component: ComponentType }> };

/** A page whose code loads on its first visit: `load` imports its module, `pick` takes the page from it. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Page {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const policies = () => import('../features/policy/routes/policy-page');

/** Every page of spec section 2; features that are not built yet show what they will hold. */
const PAGES: Record<AppPath, Page> = {
  '/': lazyPage(
    () => import('../features/home/routes/home-page'),
    (module) => module.HomePage,
  ),
  // Each sign-in step is its own chunk, so the login page downloads only what it shows.
  '/auth/login': lazyPage(
    () => import('../features/auth/routes/login-page'),
    (module) => module.LoginPage,
  ),
  '/auth/verify': lazyPage(
    () => import('../features/auth/routes/verify-page'),
    (module) => module.VerifyPage,
  ),
  '/auth/register': lazyPage(
    () => import('../features/auth/routes/register-page'),
    (module) => module.RegisterPage,
  ),
  '/auth/forgot-password': lazyPage(
    () => import('../features/auth/routes/forgot-password-page'),
    (module) => module.ForgotPasswordPage,
  ),
  '/auth/reset-password/:token': lazyPage(
    () => import('../features/auth/routes/reset-password-page'),
    (module) => module.ResetPasswordPage,
  ),
  '/cookie-policy': lazyPage(policies, (module) => module.CookiePolicyPage),
  '/privacy-policy': lazyPage(policies, (module) => module.PrivacyPolicyPage),
  '/terms-of-service': lazyPage(policies, (module) => module.TermsOfServicePage),
  '/dashboard': lazyPage(
    () => import('../features/dashboard/routes/dashboard-page'),
    (module) => module.DashboardPage,
  ),
  '/dashboard/reports': lazyPage(
    () => import('../features/report/routes/reports-page'),
    (module) => module.ReportsPage,
  ),
  '/dashboard/settings': lazyPage(
    () => import('../features/settings/routes/settings-page'),
    (module) => module.SettingsPage,
  ),
  '/dashboard/transactions': lazyPage(
    () => import('../features/transaction/routes/transactions-page'),
    (module) => module.TransactionsPage,
  ),
  '/dashboard/transactions/add': lazyPage(
    () => import('../features/transaction/routes/transaction-form-page'),
    (module) => module.AddTransactionPage,
  ),
  '/dashboard/transactions/edit/:id': lazyPage(
    () => import('../features/transaction/routes/transaction-form-page'),
    (module) => module.EditTransactionPage,
  ),
  '/dashboard/debt-tracker': lazyPage(
    () => import('../features/debt/routes/debt-tracker-page'),
    (module) => module.DebtTrackerPage,
  ),
  '/dashboard/debt-tracker/:id': lazyPage(
    () => import('../features/debt/routes/debt-detail-page'),
    (module) => module.DebtDetailPage,
  ),
  '/dashboard/wallets': lazyPage(
    () => import('../features/wallet/routes/wallets-page'),
    (module) => module.WalletsPage,
  ),
  '/dashboard/wallets/:id': lazyPage(
    () => import('../features/wallet/routes/wallet-detail-page'),
    (module) => module.WalletDetailPage,
  ),
  '/dashboard/recurring': lazyPage(
    () => import('../features/recurring/routes/recurring-page'),
    (module) => module.RecurringPage,
  ),
  '/dashboard/recurring/:id': lazyPage(
    () => import('../features/recurring/routes/recurring-detail-page'),
    (module) => module.RecurringDetailPage,
  ),
  '/dashboard/restore': lazyPage(
    () => import('../features/restore/routes/restore-page'),
    (module) => module.RestorePage,
  ),
  '/dashboard/import': lazyPage(
    () => import('../features/import/routes/import-page'),
    (module) => module.ImportPage,
  ),
  '/dashboard/import/:id': lazyPage(
    () => import('../features/import/routes/import-detail-page'),
    (module) => module.ImportDetailPage,
  ),
  '/dashboard/budgets': lazyPage(
    () => import('../features/budget/routes/budget-page'),
    (module) => module.BudgetPage,
  ),
  '/dashboard/tags': lazyPage(
    () => import('../features/tags/routes/tags-page'),
    (module) => module.TagsPage,
  ),
  '/activity': lazyPage(
    () => import('../features/activity/routes/activity-page'),
    (module) => module.ActivityPage,
  ),
};

/** Each page in English (no prefix), Thai (`/th`) and Lao (`/lo`). */
function pagesFor(access: PageAccess): RouteObject[] {
  const prefixes = ['', ...PREFIXED_LOCALES.map((locale) => `/${locale}`)];
  return APP_ROUTES.filter((route) => route.access === access).flatMap((route) =>
    prefixes.map((prefix): RouteObject => {
      const page = PAGES[route.path];
      const path = route.path === '/' ? `${prefix}/` : `${prefix}${route.path}`;
      return 'lazy' in page ? { path, lazy: page.lazy } : { path, Component: page.Component };
    }),
  );
}

/**
 * The layout of the app's own pages (header, tabs, menus): its code loads with the first such
 * page, at the same time as the page's, so the sign-in pages never download it.
 */
const defaultLayout = async () => ({ Component: (await import('./layouts/default-layout')).DefaultLayout });

export const routes: RouteObject[] = [
  {
    Component: LocaleRoot,
    HydrateFallback: BootLoading,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          {
            element: <PageGuard access="signed-in" />,
            children: [{ lazy: defaultLayout, children: pagesFor('signed-in') }],
          },
          { lazy: defaultLayout, children: pagesFor('public') },
          {
            element: <PageGuard access="guest-only" />,
            children: [{ Component: AuthLayout, children: pagesFor('guest-only') }],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
