import { useEffect, useState, type ComponentType } from 'react';
import { IntlProvider, useIntl, type MessageFormatElement } from 'react-intl';
import type { Locale } from '../../lib/locale';
import { useLocale } from '../../lib/use-locale';
import { PageLoading } from '../../ui/page-loading';

type PageMessages = Record<string, MessageFormatElement[]>;

/** The debt pages' texts ship with these pages, not with the app's first download. */
const debtMessages: Record<Locale, () => Promise<{ default: PageMessages }>> = {
  en: () => import('virtual:plenty-debts-messages/en'),
  th: () => import('virtual:plenty-debts-messages/th'),
  lo: () => import('virtual:plenty-debts-messages/lo'),
};

/** A debt page in the reader's language, once its texts are here. */
export function withDebtMessages(Page: ComponentType): ComponentType {
  return function WithDebtMessages() {
    const intl = useIntl();
    const { locale } = useLocale();
    const [loaded, setLoaded] = useState<{ locale: Locale; messages: PageMessages } | null>(null);
    useEffect(() => {
      let current = true;
      void debtMessages[locale]().then((module) => {
        if (current) setLoaded({ locale, messages: module.default });
      });
      return () => {
        current = false;
      };
    }, [locale]);
    if (loaded === null || loaded.locale !== locale) return <PageLoading />;
    return (
      <IntlProvider
        locale={intl.locale}
        defaultLocale={intl.defaultLocale}
        messages={{ ...intl.messages, ...loaded.messages }}
        defaultRichTextElements={intl.defaultRichTextElements}
      >
        <Page />
      </IntlProvider>
    );
  };
}
