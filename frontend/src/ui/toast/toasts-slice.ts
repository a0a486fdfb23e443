import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../lib/api/api-error';
import type { MessageId } from '../../lib/messages';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly messageId: MessageId;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** One toast at a time: a new one replaces the one on screen. */
export interface ToastsState {
  readonly current: Toast | null;
  readonly lastId: number;
}

export const TOAST_DURATION_MS = 2500;

const initialState: ToastsState = { current: null, lastId: 0 };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<Omit<Toast, 'id'>>) {
      const id = state.lastId + 1;
      return { current: { ...action.payload, id }, lastId: id };
    },
    /** Closes the toast with this id; a toast that was already replaced stays replaced. */
    toastDismissed(state, action: PayloadAction<number>) {
      return state.current?.id === action.payload ? { ...state, current: null } : state;
    },
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;

export const showSuccess = (messageId: MessageId, values?: Toast['values']) =>
  toastShown({ kind: 'success', messageId, ...(values ? { values } : {}) });
export const showError = (messageId: MessageId, values?: Toast['values']) =>
  toastShown({ kind: 'error', messageId, ...(values ? { values } : {}) });
export const showInfo = (messageId: MessageId, values?: Toast['values']) =>
  toastShown({ kind: 'info', messageId, ...(values ? { values } : {}) });
/** Something the user should act on that is not a failure, such as a budget nearly used up. */
export const showWarning = (messageId: MessageId, values?: Toast['values']) =>
  toastShown({ kind: 'warning', messageId, ...(values ? { values } : {}) });
/** The localized message for a failed request, e.g. from a mutation's `unwrap()`. */
export const showApiError = (error: Pick<ApiError, 'messageId'>) => showError(error.messageId);
