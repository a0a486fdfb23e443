import { APP_ROUTES, PREFIXED_LOCALES, type AppPath, type PageAccess } from '@plenty/contracts/app-routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootLoading } from '../ui/page-loading';
import { NotFoundPage, RouteErrorPage } from './error-page';
import { AuthLayout } from './layouts/auth-layout';
import { DefaultLayout } from './layouts/default-layout';
import { LocaleRoot } from './locale-root';
import { PageGuard } from './page-guard';

type Page = { readonly Component: ComponentType } | { readonly lazy: () => Promise<{ Component: ComponentType }> };

/** Each sign-in step is its own chunk, so the login page downloads only what it shows. */
const auth = {
  login: async () => ({ Component: (await import('../features/auth/routes/login-page')).LoginPage }),
  verify: async () => ({ Component: (await import('../features/auth/routes/verify-page')).VerifyPage }),
  register: async () => ({ Component: (await import('../features/auth/routes/register-page')).RegisterPage }),
  forgotPassword: async () => ({
    Component: (await import('../features/auth/routes/forgot-password-page')).ForgotPasswordPage,
  }),
  resetPassword: async () => ({
    Component: (await import('../features/auth/routes/reset-password-page')).ResetPasswordPage,
  }),
};

const policies = () => import('../features/policy/routes/policy-page');

/** Every page of spec section 2; features that are not built yet show what they will hold. */
const PAGES: Record<AppPath, Page> = {
  '/': { lazy: async () => ({ Component: (await import('../features/home/routes/home-page')).HomePage }) },
  '/auth/login': { lazy: auth.login },
  '/auth/verify': { lazy: auth.verify },
  '/auth/register': { lazy: auth.register },
  '/auth/forgot-password': { lazy: auth.forgotPassword },
  '/auth/reset-password/:token': { lazy: auth.resetPassword },
  '/cookie-policy': { lazy: async () => ({ Component: (await policies()).CookiePolicyPage }) },
  '/privacy-policy': { lazy: async () => ({ Component: (await policies()).PrivacyPolicyPage }) },
  '/terms-of-service': { lazy: async () => ({ Component: (await policies()).TermsOfServicePage }) },
  '/dashboard': {
    lazy: async () => ({ Component: (await import('../features/dashboard/routes/dashboard-page')).DashboardPage }),
  },
  '/dashboard/reports': {
    lazy: async () => ({ Component: (await import('../features/report/routes/reports-page')).ReportsPage }),
  },
  '/dashboard/settings': {
    lazy: async () => ({ Component: (await import('../features/settings/routes/settings-page')).SettingsPage }),
  },
  '/dashboard/transactions': {
    lazy: async () => ({
      Component: (await import('../features/transaction/routes/transactions-page')).TransactionsPage,
    }),
  },
  '/dashboard/transactions/add': {
    lazy: async () => ({
      Component: (await import('../features/transaction/routes/transaction-form-page')).AddTransactionPage,
    }),
  },
  '/dashboard/transactions/edit/:id': {
    lazy: async () => ({
      Component: (await import('../features/transaction/routes/transaction-form-page')).EditTransactionPage,
    }),
  },
  '/dashboard/debt-tracker': {
    lazy: async () => ({ Component: (await import('../features/debt/routes/debt-tracker-page')).DebtTrackerPage }),
  },
  '/dashboard/debt-tracker/:id': {
    lazy: async () => ({ Component: (await import('../features/debt/routes/debt-detail-page')).DebtDetailPage }),
  },
  '/activity': {
    lazy: async () => ({ Component: (await import('../features/activity/routes/activity-page')).ActivityPage }),
  },
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
            children: [{ Component: DefaultLayout, children: pagesFor('signed-in') }],
          },
          { Component: DefaultLayout, children: pagesFor('public') },
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
