import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/use-page-title';
import { GoalsPanel } from '../../../ui/goal/goals-panel';
import { PageHeader } from '../../../ui/page/page';
import { PageLoading } from '../../../ui/page-loading';
import { rovingTarget } from '../../../ui/roving-focus';
import { AboutTab } from '../components/about-tab';
import { AccountTab } from '../components/account-tab';
import { CategoriesTab } from '../components/categories-tab';
import { DataPrivacyTab } from '../components/data-privacy-tab';
import { PreferencesTab } from '../components/preferences-tab';
import { useFirebaseUser, type FirebaseUserState, type User } from '../firebase-account';
import styles from '../settings.module.css';

/** The tabs of spec section 2, each kept in the address as `?tab=<id>`. */
export const SETTINGS_TABS = ['account', 'preferences', 'categories', 'goals', 'privacy', 'about'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const TAB_LABELS: Record<SettingsTab, MessageId> = {
  account: 'settings.tab.account',
  preferences: 'settings.tab.preferences',
  categories: 'settings.tab.categories',
  goals: 'settings.tab.goals',
  privacy: 'settings.tab.privacy',
  about: 'settings.tab.about',
};

function isTab(value: string | null): value is SettingsTab {
  return (SETTINGS_TABS as readonly (string | null)[]).includes(value);
}

export function SettingsPage() {
  usePageTitle('page.settings');
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selected: SettingsTab = isTab(requested) ? requested : 'account';
  const firebaseUser = useFirebaseUser();
  const base = useId();
  const tabs = useRef<Partial<Record<SettingsTab, HTMLButtonElement | null>>>({});
  const tabId = (tab: SettingsTab) => `${base}-tab-${tab}`;
  const panelId = (tab: SettingsTab) => `${base}-panel-${tab}`;

  const select = (tab: SettingsTab, focus: boolean) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', tab);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (focus) tabs.current[tab]?.focus();
  };

  // The ARIA tabs pattern: arrows move between tabs (and select them), Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // From the focused tab, which is current even before the page shows the last selection.
    const index = SETTINGS_TABS.findIndex((tab) => tabs.current[tab] === event.target);
    if (index === -1) return;
    const target = rovingTarget(event, index, SETTINGS_TABS.length, { horizontalOnly: true });
    if (target === null) return;
    event.preventDefault();
    select(SETTINGS_TABS[target] ?? 'account', true);
  };

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <PageHeader title={<FormattedMessage id="page.settings" />} lead={<FormattedMessage id="settings.lead" />} />
      <div role="tablist" aria-label={intl.formatMessage({ id: 'settings.tabs' })} className={styles.tabs}>
        {SETTINGS_TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              tabs.current[tab] = element;
            }}
            id={tabId(tab)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === selected}
            aria-controls={tab === selected ? panelId(tab) : undefined}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => select(tab, false)}
            onKeyDown={onKeyDown}
          >
            <FormattedMessage id={TAB_LABELS[tab]} />
          </button>
        ))}
      </div>
      <div
        id={panelId(selected)}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        tabIndex={0}
        className={styles.panel}
        data-testid={`settings-panel-${selected}`}
      >
        <TabContent tab={selected} firebaseUser={firebaseUser} />
      </div>
    </section>
  );
}

function TabContent({ tab, firebaseUser }: { readonly tab: SettingsTab; readonly firebaseUser: FirebaseUserState }) {
  switch (tab) {
    case 'account':
      return <WithUser state={firebaseUser}>{(user) => <AccountTab user={user} />}</WithUser>;
    case 'preferences':
      return <PreferencesTab />;
    case 'categories':
      return <CategoriesTab />;
    case 'goals':
      return <GoalsPanel />;
    case 'privacy':
      return <WithUser state={firebaseUser}>{(user) => <DataPrivacyTab user={user} />}</WithUser>;
    case 'about':
      return <AboutTab />;
  }
}

/** The tabs about the account wait for the Firebase user; a failure to load it says so. */
function WithUser({
  state,
  children,
}: {
  readonly state: FirebaseUserState;
  readonly children: (user: User) => ReactNode;
}) {
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') {
    return (
      <p role="alert" className={styles.loadError}>
        <FormattedMessage id="settings.loadFailed" />
      </p>
    );
  }
  return <>{children(state.user)}</>;
}
