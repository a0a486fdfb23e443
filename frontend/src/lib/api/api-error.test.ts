import { describe, expect, it } from 'vitest';
import { loadFailedMessageId, toApiError } from './api-error';

describe('a query whose views are being repaired', () => {
  it('keeps its code, and the page’s error state says the view is being repaired', () => {
    const error = toApiError({
      status: 409,
      data: { error: { code: 'view_quarantined', message: 'This view is being repaired.' } },
    });
    expect(error).toMatchObject({ status: 409, code: 'view_quarantined', messageId: 'error.view_quarantined' });
    expect(loadFailedMessageId(error, 'dashboard.error.body')).toBe('error.view_quarantined');
  });

  it('leaves every other failure to the page’s own message', () => {
    expect(loadFailedMessageId(toApiError({ status: 500, data: null }), 'dashboard.error.body')).toBe(
      'dashboard.error.body',
    );
    expect(loadFailedMessageId(undefined, 'activity.error')).toBe('activity.error');
  });
});

describe('a query that could not reach the server', () => {
  it('says the page is not saved on this device yet (a saved page answers from the device instead)', () => {
    const error = toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(loadFailedMessageId(error, 'dashboard.error.body')).toBe('offline.notSaved');
  });
});
