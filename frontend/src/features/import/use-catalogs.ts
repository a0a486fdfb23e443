import { BUILT_IN_CATEGORIES } from '@plenty/contracts/categories';
import type { Catalogs } from '@plenty/contracts/import/index';
import { DEFAULT_WALLET_NAME_KEY } from '@plenty/contracts/wallets';
import { useEffect, useState } from 'react';
import { createIntl } from 'react-intl';
import { LOCALES } from '../../lib/locale';
import { loadMessages, type MessageId } from '../../lib/messages';

/** The messages names in a file are matched against: built-in categories and the default wallet. */
const NAME_IDS: readonly string[] = [
  ...BUILT_IN_CATEGORIES.map((category) => category.nameKey),
  DEFAULT_WALLET_NAME_KEY,
];

/**
 * The names of built-in categories and of the default wallet in English, Thai and Lao, so a
 * file written in any of them matches (`matchCategories`, `matchWallets`); null while loading.
 */
export function useCatalogs(): Catalogs | null {
  const [catalogs, setCatalogs] = useState<Catalogs | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all(
      LOCALES.map(async (locale) => {
        const intl = createIntl({ locale, messages: await loadMessages(locale) });
        return Object.fromEntries(NAME_IDS.map((id) => [id, intl.formatMessage({ id: id as MessageId })]));
      }),
    ).then((loaded) => {
      if (live) setCatalogs(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return catalogs;
}
