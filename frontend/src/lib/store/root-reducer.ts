import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import { consistencySlice } from '../api/consistency-slice';
import { authSlice } from '../auth/auth-slice';
import { networkSlice } from '../offline/network-slice';
import { outboxSlice } from '../outbox/outbox-slice';
import { syncPanelSlice } from '../../ui/sync-status/sync-panel-slice';
import { toastsSlice } from '../../ui/toast/toasts-slice';

/**
 * Slices loaded later add themselves here (the API does, with its middleware), so the first
 * screen does not download RTK Query before a page needs data.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  authSlice,
  consistencySlice,
  toastsSlice,
  networkSlice,
  outboxSlice,
  syncPanelSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export const dynamicMiddleware = createDynamicMiddleware();
