import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wentOffline } from '../../lib/offline/network-slice';
import { outboxRead, syncStarted, syncStopped } from '../../lib/outbox/outbox-slice';
import type { AnyOutboxEntry } from '../../lib/outbox/types';
import { renderWithApp } from '../../lib/testing/render-app';
import { LocaleContext } from '../../lib/use-locale';
import { lunch, refused, USER } from './outbox-fixtures';
import { ALL_SYNCED_MS, SyncStatus } from './sync-status';

afterEach(() => {
  vi.useRealTimers();
});

function show(onOpen = vi.fn()) {
  const { store } = renderWithApp(
    <MemoryRouter>
      <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
        <SyncStatus onOpen={onOpen} expanded={false} />
      </LocaleContext.Provider>
    </MemoryRouter>,
  );
  const read = (entries: AnyOutboxEntry[]) => act(() => void store.dispatch(outboxRead({ uid: USER, entries })));
  return { store, read, onOpen };
}

const status = () => screen.queryByTestId('sync-status');
const polite = () => screen.getByTestId('sync-announce').textContent;
const alert = () => screen.getByTestId('sync-alert').textContent;

describe('the sync status in the header', () => {
  it('is not there while nothing is queued and nothing happened', () => {
    show();
    expect(status()).toBeNull();
    expect(polite()).toBe('');
  });

  it('says how many entries wait, announces it politely, and opens the panel on a press', () => {
    const { read, onOpen } = show();
    read([lunch(1), lunch(2), lunch(3)]);
    expect(screen.getByRole('button', { name: '3 waiting to sync' })).toBe(status());
    expect(status()?.getAttribute('data-state')).toBe('waiting');
    expect(polite()).toBe('3 entries waiting to sync');
    fireEvent.click(status()!);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('keeps saying the entries wait while offline', () => {
    const { store, read } = show();
    act(() => void store.dispatch(wentOffline()));
    read([lunch(1)]);
    expect(status()?.getAttribute('data-online')).toBe('false');
    expect(polite()).toBe('1 entry waiting to sync');
  });

  it('says Syncing… while entries are sent', () => {
    const { store, read } = show();
    read([lunch(1), lunch(2)]);
    act(() => void store.dispatch(syncStarted()));
    expect(screen.getByRole('button', { name: 'Syncing…' })).toBe(status());
    expect(polite()).toBe('Syncing entries');
  });

  it('says how many entries need attention and announces a refusal assertively, once', () => {
    const { read } = show();
    read([lunch(1)]);
    read([lunch(1, refused(404, 'category_not_found'))]);
    expect(screen.getByRole('button', { name: '1 need attention' })).toBe(status());
    expect(status()?.getAttribute('data-state')).toBe('attention');
    expect(alert()).toBe('1 entry could not be synced');
    read([lunch(1, refused(404, 'category_not_found')), lunch(2)]);
    expect(alert()).toBe('1 entry could not be synced');
    expect(polite()).toBe('1 entry waiting to sync');
    expect(screen.getByRole('button', { name: '1 need attention' })).toBe(status());
  });

  it('says All synced for a few seconds after a sync that emptied the queue, then goes', () => {
    vi.useFakeTimers();
    const { store, read } = show();
    read([lunch(1)]);
    act(() => void store.dispatch(syncStarted()));
    read([]);
    act(() => void store.dispatch(syncStopped({ syncedAt: '2026-11-27T08:00:00.000Z' })));
    expect(screen.getByRole('button', { name: 'All synced' })).toBe(status());
    expect(polite()).toBe('All entries synced');
    act(() => void vi.advanceTimersByTime(ALL_SYNCED_MS));
    expect(status()).toBeNull();
  });

  it('does not say All synced after a sync that left entries behind', () => {
    const { store, read } = show();
    read([lunch(1), lunch(2)]);
    act(() => void store.dispatch(syncStarted()));
    read([lunch(2, refused(400, 'amount_invalid', { 'amount.amount': 'amount_invalid' }))]);
    act(() => void store.dispatch(syncStopped({ syncedAt: '2026-11-27T08:00:00.000Z' })));
    expect(screen.getByRole('button', { name: '1 need attention' })).toBe(status());
    expect(polite()).not.toBe('All entries synced');
  });
});
