import { createSlice } from '@reduxjs/toolkit';
import { outboxCleared } from '../../lib/outbox/outbox-slice';

/**
 * Whether the sync panel is open. The header's sync status opens it, and so does any screen
 * that points to it (a refused row's "See why and fix"); the header renders the panel by it.
 */
export interface SyncPanelState {
  readonly open: boolean;
}

const initialState: SyncPanelState = { open: false };

export const syncPanelSlice = createSlice({
  name: 'syncPanel',
  initialState,
  reducers: {
    syncPanelOpened() {
      return { open: true };
    },
    syncPanelClosed() {
      return { open: false };
    },
  },
  // Signing out (or the user's data wiped) closes it with the outbox it showed.
  extraReducers: (builder) => {
    builder.addCase(outboxCleared, () => initialState);
  },
});

export const { syncPanelOpened, syncPanelClosed } = syncPanelSlice.actions;

export const selectSyncPanelOpen = (state: { readonly syncPanel: SyncPanelState }): boolean => state.syncPanel.open;
