import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TagView } from '@plenty/contracts/tags';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { tagsApi } from '../../../lib/api/tags';
import { paintedStore, refreshPainted, renderOn, serveApi } from '../../../lib/testing/painted';
import { LocaleContext } from '../../../lib/use-locale';
import { TagsPage } from './tags-page';

/** One tag, spelled `name` (its id is the same whatever the case). */
const tag = (name: string): TagView => ({ id: 'coffee', name, count: 3, lastUsed: '2026-11-20' });

async function renamePaintedTag() {
  const { store } = await paintedStore([tagsApi.util.upsertQueryData('tags', undefined, [tag('coffee')])]);
  renderOn(
    store,
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>
      <MemoryRouter>
        <TagsPage />
      </MemoryRouter>
    </LocaleContext.Provider>,
  );
  await userEvent.click(await screen.findByTestId('tag-rename'));
  return store;
}

const dialogOpen = () => (screen.getByTestId('rename-tag-dialog') as HTMLDialogElement).open;
const nameField = () => screen.getByRole('textbox') as HTMLInputElement;

describe('renaming a tag on a page load painted from the device', () => {
  it('opens the dialog with the server’s spelling, not the painted copy', async () => {
    serveApi({ '/api/queries/tags': { items: [tag('Coffee')] } });
    const store = await renamePaintedTag();
    expect(dialogOpen()).toBe(false);

    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(nameField().value).toBe('Coffee');
  });

  it('opens from the device copy when the server cannot be reached', async () => {
    serveApi({}, { offline: true });
    const store = await renamePaintedTag();
    act(() => refreshPainted(store));
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(nameField().value).toBe('coffee');
    expect(store.getState().network.online).toBe(false);
  });
});
