import type { PageAccess } from '@plenty/contracts/app-routes';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../ui/page-loading';
import { guardPage } from './guards';
import { useAppSelector } from './store';

/** Shows its pages only to the right visitors (see guardPage); others are sent on. */
export function PageGuard({ access }: { readonly access: PageAccess }) {
  const location = useLocation();
  const status = useAppSelector((state) => state.auth.status);
  const decision = guardPage(access, status, location);
  if (decision.kind === 'wait') return <PageLoading />;
  if (decision.kind === 'redirect') return <Navigate replace to={decision.to} />;
  return <Outlet />;
}
