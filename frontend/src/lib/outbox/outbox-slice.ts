import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnyOutboxEntry } from './types';

/**
 * The signed-in user's outbox as the screens show it: a mirror of the `outbox` store of their
 * IndexedDB database, replaced whole whenever it changes (in this tab, another tab or the
 * service worker). The outbox engine (`outbox.ts`) is its only writer.
 */
export interface OutboxSliceState {
  /** Whose outbox this is; null before it was read and when nobody is signed in. */
  readonly uid: string | null;
  readonly entries: readonly AnyOutboxEntry[];
  /** True while entries are being sent. */
  readonly syncing: boolean;
  /** When the last entry was accepted by the server (ISO), for "All synced". */
  readonly lastSyncedAt: string | null;
  /**
   * Entries the server accepted, gone from the device, whose views have not answered yet: the
   * screens keep showing them over the views (`usePendingEntries`), so nothing flickers back to
   * its old state; the sync status counts them as synced.
   */
  readonly landing: readonly AnyOutboxEntry[];
}

const initialState: OutboxSliceState = { uid: null, entries: [], syncing: false, lastSyncedAt: null, landing: [] };

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState,
  reducers: {
    outboxRead(
      state,
      action: PayloadAction<{ uid: string; entries: readonly AnyOutboxEntry[]; landing?: readonly AnyOutboxEntry[] }>,
    ) {
      const { uid, entries, landing = [] } = action.payload;
      return { ...state, uid, entries: [...entries], landing: [...landing] };
    },
    syncStarted(state) {
      return { ...state, syncing: true };
    },
    syncStopped(state, action: PayloadAction<{ syncedAt: string | null }>) {
      return { ...state, syncing: false, lastSyncedAt: action.payload.syncedAt ?? state.lastSyncedAt };
    },
    outboxCleared() {
      return initialState;
    },
  },
});

export const { outboxRead, syncStarted, syncStopped, outboxCleared } = outboxSlice.actions;

type WithOutbox = { readonly outbox: OutboxSliceState };

export const selectOutbox = (state: WithOutbox): OutboxSliceState => state.outbox;
export const selectOutboxEntries = (state: WithOutbox): readonly AnyOutboxEntry[] => state.outbox.entries;
/** Entries still to be sent (waiting or on their way). */
export const selectUnsyncedCount = (state: WithOutbox): number =>
  state.outbox.entries.filter((entry) => entry.state !== 'rejected').length;
export const selectRejectedEntries = (state: WithOutbox): readonly AnyOutboxEntry[] =>
  state.outbox.entries.filter((entry) => entry.state === 'rejected');
