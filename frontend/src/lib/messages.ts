import type { MessageFormatElement } from 'react-intl';
import type en from '@plenty/locales/en.json';
import type { Locale } from './locale';

export type MessageId = keyof typeof en;
/** The build parses every message ahead of time (see vite.config.ts). */
export type Messages = Record<MessageId, MessageFormatElement[]>;

type CatalogModule = Promise<{ default: unknown }>;
const loaders: Record<Locale, () => CatalogModule> = {
  en: () => import('@plenty/locales/en.json'),
  th: () => import('@plenty/locales/th.json'),
  lo: () => import('@plenty/locales/lo.json'),
};

const loaded = new Map<Locale, Messages>();

/** Each language's messages ship as their own chunk, fetched the first time they are needed. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached !== undefined) return cached;
  const messages = (await loaders[locale]()).default as Messages;
  loaded.set(locale, messages);
  return messages;
}

export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
