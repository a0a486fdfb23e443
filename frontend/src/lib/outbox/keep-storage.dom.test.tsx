import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { sessionChanged } from '../auth/auth-slice';
import { wentOffline } from '../offline/network-slice';
import { fakeApi, renderWithApp } from '../testing/render-app';
import { AddExpense } from './add-expense.fixture';
import { forgetStorageAsked } from './keep-storage';
import { pageOutbox, type OutboxStore } from './outbox';
import { readEntries } from './queue';

const stops: (() => void)[] = [];

function signedInOffline() {
  const uid = `storage-user-${uuidV7()}`;
  const view = renderWithApp(<AddExpense />);
  view.store.dispatch(sessionChanged({ uid, email: 'a@example.com', displayName: 'A', emailVerified: true }));
  view.store.dispatch(wentOffline());
  stops.push(() => pageOutbox(view.store as OutboxStore, uid).close());
  return { uid, ...view };
}

const persist = vi.fn(() => Promise.resolve(true));
const persisted = vi.fn(() => Promise.resolve(false));

beforeEach(() => {
  forgetStorageAsked();
  persist.mockClear();
  persisted.mockClear();
  Object.defineProperty(navigator, 'storage', { value: { persist, persisted }, configurable: true });
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
});

describe('an entry kept on the device', () => {
  it('asks the browser once to keep the storage (no eviction) when the first entry stays on the device', async () => {
    fakeApi([]);
    const user = userEvent.setup();
    signedInOffline();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('saved on this device')).toBeDefined();
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));

    await user.clear(screen.getByRole('textbox', { name: 'Amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1700');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('saved on this device'));
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the browser already keeps the storage', async () => {
    persisted.mockResolvedValueOnce(true);
    fakeApi([]);
    const user = userEvent.setup();
    signedInOffline();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('saved on this device')).toBeDefined();
    await vi.waitFor(() => expect(persisted).toHaveBeenCalledTimes(1));
    expect(persist).not.toHaveBeenCalled();
  });

  it('never says "saved on this device" when the device cannot keep it (storage full or refused)', async () => {
    // As a browser answers when the disk is full or the private mode has no IndexedDB.
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      const refused = { error: new DOMException('The quota has been exceeded.', 'QuotaExceededError') } as {
        error: DOMException;
        onerror?: () => void;
      };
      queueMicrotask(() => refused.onerror?.());
      return refused as unknown as IDBOpenDBRequest;
    });
    fakeApi([]);
    const user = userEvent.setup();
    const { uid } = signedInOffline();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('network')).toBeDefined();
    expect(screen.queryByText('saved on this device')).toBeNull();
    expect(persist).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    await expect(readEntries(uid)).resolves.toEqual([]);
  });
});
