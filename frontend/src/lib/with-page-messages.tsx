import { useEffect, useState, type ComponentType } from 'react';
import { IntlProvider, useIntl, type MessageFormatElement } from 'react-intl';
import { PageLoading } from '../ui/page-loading';
import type { Locale } from './locale';
import { useLocale } from './use-locale';

export type PageMessages = Record<string, MessageFormatElement[]>;
export type PageMessageLoaders = Record<Locale, () => Promise<{ default: PageMessages }>>;

/**
 * A page (or a part of one) in the reader's language once the texts that ship with it (a
 * `virtual:plenty-<name>-messages/<locale>` module, see vite.config.ts) are here; the app's
 * own messages stay available inside. `Loading` shows meanwhile.
 */
export function withPageMessages<P extends object = Record<string, never>>(
  loaders: PageMessageLoaders,
  Page: ComponentType<P>,
  Loading: ComponentType = PageLoading,
): ComponentType<P> {
  return function WithPageMessages(props: P) {
    const intl = useIntl();
    const { locale } = useLocale();
    const [loaded, setLoaded] = useState<{ locale: Locale; messages: PageMessages } | null>(null);
    useEffect(() => {
      let current = true;
      void loaders[locale]().then((module) => {
        if (current) setLoaded({ locale, messages: module.default });
      });
      return () => {
        current = false;
      };
    }, [locale]);
    if (loaded === null || loaded.locale !== locale) return <Loading />;
    return (
      <IntlProvider
        locale={intl.locale}
        defaultLocale={intl.defaultLocale}
        messages={{ ...intl.messages, ...loaded.messages }}
        defaultRichTextElements={intl.defaultRichTextElements}
      >
        <Page {...props} />
      </IntlProvider>
    );
  };
}
