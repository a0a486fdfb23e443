import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DebtList } from '@plenty/contracts/views/debts';
import { api } from '../../lib/api/api';
import { outboxRead } from '../../lib/outbox/outbox-slice';
import { renderWithApp } from '../../lib/testing/render-app';
import { LocaleContext } from '../../lib/use-locale';
import { CAR_LOAN, queued, USER } from './outbox-fixtures';
import { useDescribeEntry } from './use-describe-entry';

afterEach(() => {
  vi.unstubAllGlobals();
});

const installment = queued(1, 'MarkInstallmentPaid', {
  debtId: CAR_LOAN,
  number: 3,
  paymentId: '0192f000-0000-7000-8000-0000000000e1',
  date: '2026-11-27',
});

function Described() {
  const describe = useDescribeEntry();
  return <p data-testid="described">{describe(installment)}</p>;
}

/** The debts list the server answers, with the loan named `name`; counts the reads. */
function serveDebts() {
  const served = { name: 'Car loan', reads: 0 };
  vi.stubGlobal('fetch', async (input: Request) => {
    const { pathname } = new URL(input.url);
    if (pathname !== '/api/queries/debts') return new Response('{}', { status: 404 });
    served.reads += 1;
    const list = { items: [{ id: CAR_LOAN, name: served.name }] } as unknown as DebtList;
    return new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return served;
}

describe('the names of queued entries', () => {
  it('names the debt of a queued installment, and follows a rename when the debts are read again', async () => {
    const served = serveDebts();
    const { store } = renderWithApp(
      <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
        <Described />
      </LocaleContext.Provider>,
    );
    act(() => {
      store.dispatch(outboxRead({ uid: USER, entries: [installment] }));
    });
    expect(await screen.findByText('Installment 3 of Car loan paid')).toBeDefined();

    served.name = 'Motorbike loan';
    act(() => {
      store.dispatch(api.util.invalidateTags(['Debts']));
    });
    expect(await screen.findByText('Installment 3 of Motorbike loan paid')).toBeDefined();
    served.name = 'Motorbike loan from the bank';
    act(() => {
      store.dispatch(api.util.invalidateTags(['Debts']));
    });
    expect(await screen.findByText('Installment 3 of Motorbike loan from the bank paid')).toBeDefined();
    expect(served.reads).toBe(3);
    // Each answer settled the query: nothing is left waiting, which would hold synced entries on screen.
    const queries = (store.getState() as { api: { queries: Record<string, { status: string } | undefined> } }).api
      .queries;
    expect(Object.values(queries).filter((query) => query?.status === 'pending')).toEqual([]);
  });
});
