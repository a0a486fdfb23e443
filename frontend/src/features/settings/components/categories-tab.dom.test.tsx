import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { categoriesApi } from '../../../ui/category-form/api';
import { CategoriesTab } from './categories-tab';

const category = (name: string): CategoryView => ({
  id: 'c1',
  name,
  nameKey: null,
  type: 'expense',
  icon: 'food',
  color: '#ef4444',
  builtIn: false,
});

async function editPaintedCategory() {
  const { store } = await paintedStore([
    categoriesApi.util.upsertQueryData('categories', undefined, [category('Snacks')]),
  ]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter>
        <CategoriesTab />
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Snacks' }));
  return store;
}

const dialogOpen = () => (screen.getByTestId('category-dialog') as HTMLDialogElement).open;
const nameField = () => screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement;

describe('editing a category on a page load painted from the device', () => {
  it('opens the dialog with the server’s values, not the painted copy', async () => {
    serveApi({ '/api/queries/categories': { items: [category('Treats')] } });
    const store = await editPaintedCategory();
    expect(dialogOpen()).toBe(false);
    expect(screen.getByRole('status')).toBeTruthy();

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(nameField().value).toBe('Treats');
  });

  it('opens from the device copy when the server cannot be reached', async () => {
    serveApi({}, { offline: true });
    const store = await editPaintedCategory();
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(nameField().value).toBe('Snacks');
    expect(store.getState().network.online).toBe(false);
  });
});
