import { describe, expect, it } from 'vitest';
import { showApiError, showError, showSuccess, showWarning, toastDismissed, toastsSlice } from './toasts-slice';

const reduce = toastsSlice.reducer;

describe('toasts', () => {
  it('show one message with its kind', () => {
    const state = reduce(undefined, showSuccess('toast.saved'));
    expect(state.current).toMatchObject({ kind: 'success', messageId: 'toast.saved' });
  });

  it('warn without being an error', () => {
    const state = reduce(undefined, showWarning('toast.saved'));
    expect(state.current).toMatchObject({ kind: 'warning', messageId: 'toast.saved' });
  });

  it('are replaced by the next toast', () => {
    const first = reduce(undefined, showSuccess('toast.saved'));
    const second = reduce(first, showError('error.internal'));
    expect(second.current).toMatchObject({ kind: 'error', messageId: 'error.internal' });
    expect(second.current?.id).not.toBe(first.current?.id);
  });

  it('close when dismissed', () => {
    const shown = reduce(undefined, showSuccess('toast.saved'));
    expect(reduce(shown, toastDismissed(shown.current?.id ?? -1)).current).toBeNull();
  });

  it('ignore a late dismissal of a toast that was already replaced', () => {
    const first = reduce(undefined, showSuccess('toast.saved'));
    const second = reduce(first, showError('error.internal'));
    expect(reduce(second, toastDismissed(first.current?.id ?? -1))).toBe(second);
  });

  it('explain a failed request with its localized message, as an error', () => {
    const state = reduce(undefined, showApiError({ messageId: 'error.conflict' }));
    expect(state.current).toMatchObject({ kind: 'error', messageId: 'error.conflict' });
  });
});
