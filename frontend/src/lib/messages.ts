import type { MessageFormatElement } from 'react-intl';
import type en from '@plenty/locales/en.json';
import type { Locale } from './locale';

export type MessageId = keyof typeof en;
/** The build parses every message ahead of time (see vite.config.ts). */
export type Messages = Record<MessageId, MessageFormatElement[]>;

/**
 * `guest`: the messages of the pages a guest sees (the catalog chunk of the language);
 * `all`: those and the signed-in app's (`virtual:plenty-app-messages/<locale>`), see
 * lib/catalog-parts.ts.
 */
export type CatalogPart = 'guest' | 'all';

type CatalogModule = Promise<{ default: unknown }>;
const guestLoaders: Record<Locale, () => CatalogModule> = {
  en: () => import('@plenty/locales/en.json'),
  th: () => import('@plenty/locales/th.json'),
  lo: () => import('@plenty/locales/lo.json'),
};
const appLoaders: Record<Locale, () => CatalogModule> = {
  en: () => import('virtual:plenty-app-messages/en'),
  th: () => import('virtual:plenty-app-messages/th'),
  lo: () => import('virtual:plenty-app-messages/lo'),
};

const loaded = new Map<`${Locale}:${CatalogPart}`, Messages>();
const loading = new Map<`${Locale}:${CatalogPart}`, Promise<Messages>>();

async function fetchPart(locale: Locale, part: CatalogPart): Promise<Messages> {
  if (part === 'guest') return (await guestLoaders[locale]()).default as Messages;
  // Both chunks are requested at once; the guest's part is usually there already.
  const [guest, app] = await Promise.all([loadMessages(locale, 'guest'), appLoaders[locale]()]);
  return { ...guest, ...(app.default as Partial<Messages>) };
}

/**
 * Each language's messages ship as chunks of their own, fetched the first time they are needed:
 * the guest's part, and with `all` the signed-in app's too.
 */
export function loadMessages(locale: Locale, part: CatalogPart = 'all'): Promise<Messages> {
  const key = `${locale}:${part}` as const;
  const cached = loaded.get(key);
  if (cached !== undefined) return Promise.resolve(cached);
  let pending = loading.get(key);
  if (pending === undefined) {
    pending = fetchPart(locale, part).then(
      (messages) => {
        loaded.set(key, messages);
        loading.delete(key);
        return messages;
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** The messages of `part` when already here (`all` also answers for `guest`). */
export function loadedMessages(locale: Locale, part: CatalogPart = 'all'): Messages | undefined {
  return loaded.get(`${locale}:all`) ?? (part === 'guest' ? loaded.get(`${locale}:guest`) : undefined);
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
