import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@plenty/locales/en.json';
import th from '@plenty/locales/th.json';
import type * as serviceWorker from './service-worker';
import { watchRegistration } from './service-worker';
import { UpdatePrompt } from './update-prompt';

const applied = vi.hoisted(() => ({ count: 0 }));
vi.mock('./service-worker', async (importOriginal) => ({
  ...(await importOriginal<typeof serviceWorker>()),
  applyUpdate: () => {
    applied.count += 1;
  },
}));

afterEach(cleanup);

/** A registration and a page's container with only what watchRegistration reads. */
function fakeWorkers({ waiting, controlled }: { waiting: boolean; controlled: boolean }) {
  const registration = Object.assign(new EventTarget(), {
    waiting: waiting ? {} : null,
    installing: null as (EventTarget & { state: string }) | null,
  });
  const container = Object.assign(new EventTarget(), { controller: controlled ? {} : null });
  watchRegistration(registration as unknown as ServiceWorkerRegistration, container);
  /** A new worker is found and finishes installing. */
  const installNew = () => {
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
  };
  return { installNew };
}

const renderPrompt = (locale: 'en' | 'th', messages: Record<string, string>) =>
  render(
    <IntlProvider locale={locale} messages={messages}>
      <UpdatePrompt />
    </IntlProvider>,
  );

// The page's knowledge of a new version is one per page (module state), so these run in order,
// even in a shuffled run.
describe('the update prompt', { shuffle: false }, () => {
  it('says nothing while no new version waits, and not for the first install', () => {
    renderPrompt('en', en);
    const first = fakeWorkers({ waiting: false, controlled: false });
    act(() => first.installNew());
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(screen.getByRole('status').childElementCount).toBe(0);
  });

  it('appears in the live region when a new version has installed behind the running one', async () => {
    renderPrompt('en', en);
    const running = fakeWorkers({ waiting: false, controlled: true });
    act(() => running.installNew());
    const prompt = await screen.findByTestId('update-prompt');
    expect(screen.getByRole('status').contains(prompt)).toBe(true);
    expect(prompt.textContent).toContain('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(applied.count).toBe(1);
    expect((screen.getByRole('button', { name: 'Reload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks the page’s language and closes without reloading', async () => {
    renderPrompt('th', th);
    expect(screen.getByTestId('update-prompt').textContent).toContain('เวอร์ชันใหม่พร้อมแล้ว');
    screen.getByRole('button', { name: 'โหลดใหม่' });
    await userEvent.click(screen.getByRole('button', { name: 'ปิด' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(applied.count).toBe(1);
  });
});
