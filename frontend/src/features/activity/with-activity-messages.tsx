import type { ComponentType } from 'react';
import type { Locale } from '../../lib/locale';
import { withPageMessages, type PageMessageLoaders, type PageMessages } from '../../lib/with-page-messages';

/** The page's own texts, and the debt pages' (their history's sentences), fetched side by side. */
const load = async (
  own: () => Promise<{ default: PageMessages }>,
  debts: () => Promise<{ default: PageMessages }>,
): Promise<{ default: PageMessages }> => {
  const [activity, debt] = await Promise.all([own(), debts()]);
  return { default: { ...debt.default, ...activity.default } };
};

const activityMessages: PageMessageLoaders = {
  en: () =>
    load(
      () => import('virtual:plenty-activity-messages/en'),
      () => import('virtual:plenty-debts-messages/en'),
    ),
  th: () =>
    load(
      () => import('virtual:plenty-activity-messages/th'),
      () => import('virtual:plenty-debts-messages/th'),
    ),
  lo: () =>
    load(
      () => import('virtual:plenty-activity-messages/lo'),
      () => import('virtual:plenty-debts-messages/lo'),
    ),
} satisfies Record<Locale, unknown>;

/** The Activity page in the reader's language, once its texts are here (see vite.config.ts). */
export const withActivityMessages = (Page: ComponentType): ComponentType => withPageMessages(activityMessages, Page);
