import type { ComponentType } from 'react';
import { withPageMessages, type PageMessageLoaders } from '../../lib/with-page-messages';

/** The debt pages' texts ship with these pages, not with the app's first download. */
const debtMessages: PageMessageLoaders = {
  en: () => import('virtual:plenty-debts-messages/en'),
  th: () => import('virtual:plenty-debts-messages/th'),
  lo: () => import('virtual:plenty-debts-messages/lo'),
};

/** A debt page in the reader's language, once its texts are here. */
export const withDebtMessages = (Page: ComponentType): ComponentType => withPageMessages(debtMessages, Page);
