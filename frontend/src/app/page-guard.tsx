import type { PageAccess } from '@plenty/contracts/app-routes';
import { useContext, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authErrorMessageId } from '../lib/auth/auth-errors';
import { onSessionRevoked } from '../lib/auth/session';
import { PageLoading } from '../ui/page-loading';
import { showError } from '../ui/toast/toasts-slice';
import { AppMessagesReady } from './app-messages';
import { guardPage } from './guards';
import { useAppDispatch, useAppSelector } from './store';

/**
 * Shows its pages only to the right visitors (see guardPage); others are sent on. When the
 * account is disabled or its sign-in revoked, the user is signed out, told why, and this guard
 * sends them to the login page.
 */
export function PageGuard({ access }: { readonly access: PageAccess }) {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.auth.status);
  const restoring = useAppSelector((state) => state.auth.restoring);
  const appMessages = useContext(AppMessagesReady);
  const decision = guardPage(access, status, location);
  // A signed-in page shows once the signed-in app's messages are here (see app-messages.ts).
  const shows = decision.kind === 'show' && (access !== 'signed-in' || appMessages);
  // Only a page on screen tells of a revoked session: one ended while the app starts is kept
  // until the page it leads to (the login page) shows, so the toast is not spent on a loading
  // screen, nor on a device copy painted while the saved session was being restored.
  const hears = shows && !restoring;
  useEffect(() => {
    if (!hears) return undefined;
    return onSessionRevoked((code) => dispatch(showError(authErrorMessageId(code, 'authError.sessionExpired'))));
  }, [dispatch, hears]);
  if (decision.kind === 'wait') return <PageLoading />;
  if (decision.kind !== 'redirect' && !shows) return <PageLoading />;
  if (decision.kind === 'redirect') return <Navigate replace to={decision.to} />;
  return <Outlet />;
}
