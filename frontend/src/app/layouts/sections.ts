import type { MessageId } from '../../lib/messages';
import type { NavIconName } from './nav-icon';

export interface Section {
  readonly to: string;
  /** The name in the header. */
  readonly label: MessageId;
  /** The name on a phone's bottom bar, where space is short. */
  readonly tabLabel: MessageId;
  readonly icon: NavIconName;
  /** Only this page (the dashboard), not the pages under it. */
  readonly end: boolean;
  /** On a phone, behind "More" rather than a tab of its own. */
  readonly inMore: boolean;
  /** Left out of the wide header, whose row has no room for it (reached there from Settings instead). */
  readonly phoneOnly?: boolean;
}

/** The signed-in sections, in the order the header shows them. */
export const SECTIONS: readonly Section[] = [
  { to: '/dashboard', label: 'nav.dashboard', tabLabel: 'nav.dashboard', icon: 'dashboard', end: true, inMore: false },
  {
    to: '/dashboard/transactions',
    label: 'nav.transactions',
    tabLabel: 'nav.transactions',
    icon: 'transactions',
    end: false,
    inMore: false,
  },
  {
    to: '/dashboard/wallets',
    label: 'nav.wallets',
    tabLabel: 'nav.wallets',
    icon: 'wallets',
    end: false,
    inMore: true,
  },
  {
    to: '/dashboard/recurring',
    label: 'nav.recurring',
    tabLabel: 'nav.recurring',
    icon: 'recurring',
    end: false,
    inMore: true,
  },
  {
    to: '/dashboard/reports',
    label: 'nav.reports',
    tabLabel: 'nav.reports',
    icon: 'reports',
    end: false,
    inMore: false,
  },
  {
    to: '/dashboard/budgets',
    label: 'nav.budgets',
    tabLabel: 'nav.budgets',
    icon: 'budgets',
    end: false,
    inMore: true,
    phoneOnly: true,
  },
  {
    to: '/dashboard/debt-tracker',
    label: 'nav.debtTracker',
    tabLabel: 'nav.debts',
    icon: 'debts',
    end: false,
    inMore: false,
  },
  {
    to: '/dashboard/import',
    label: 'nav.import',
    tabLabel: 'nav.import',
    icon: 'import',
    end: false,
    inMore: true,
    phoneOnly: true,
  },
  {
    to: '/dashboard/tags',
    label: 'nav.tags',
    tabLabel: 'nav.tags',
    icon: 'tags',
    end: false,
    inMore: true,
    phoneOnly: true,
  },
  { to: '/activity', label: 'nav.activity', tabLabel: 'nav.activity', icon: 'activity', end: false, inMore: true },
  {
    to: '/dashboard/settings',
    label: 'nav.settings',
    tabLabel: 'nav.settings',
    icon: 'settings',
    end: false,
    inMore: true,
  },
];
