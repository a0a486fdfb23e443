import { useCallback, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { matchPath, useLocation } from 'react-router';
import { LocalizedNavLink, useLocalizedPath } from '../../lib/localized-link';
import { NavIcon } from './nav-icon';
import { SECTIONS } from './sections';
import styles from './tab-bar.module.css';
import { useDismiss } from '../../ui/use-dismiss';

const TABS = SECTIONS.filter((section) => !section.inMore);
const MORE = SECTIONS.filter((section) => section.inMore);

/**
 * The sections on a phone: a bar at the bottom of the screen with a tab for each main section
 * and "More" for the rest, which opens a short list above the bar. The current section is
 * marked (`aria-current="page"`; "More" says `aria-current="true"` while one of its sections is
 * open). Escape, a tap elsewhere or focus moving out closes the list; the bar shows only on
 * narrow screens.
 */
export function TabBar() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const { pathname } = useLocation();
  // The list belongs to the page it was opened on, so it is closed on any other page.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const bar = useRef<HTMLElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const moreIsCurrent = MORE.some((section) => matchPath({ path: localized(section.to), end: false }, pathname));

  const closeMore = useCallback(() => setOpenOn(null), []);
  useDismiss(open, bar, trigger, closeMore);

  return (
    <nav
      ref={bar}
      className={styles.bar}
      aria-label={intl.formatMessage({ id: 'nav.main' })}
      data-tab-bar=""
      onBlur={(event) => {
        // Tabbing on past the list closes it (a tap elsewhere is handled above).
        const next = event.relatedTarget;
        if (next !== null && !event.currentTarget.contains(next)) setOpenOn(null);
      }}
    >
      <ul className={styles.tabs}>
        {TABS.map((section) => (
          <li key={section.to} className={styles.item}>
            <LocalizedNavLink to={section.to} end={section.end} className={styles.tab}>
              <NavIcon name={section.icon} className={styles.icon} />
              <span className={styles.label}>
                <FormattedMessage id={section.tabLabel} />
              </span>
            </LocalizedNavLink>
          </li>
        ))}
        <li className={styles.item}>
          <button
            ref={trigger}
            type="button"
            className={styles.tab}
            aria-expanded={open}
            aria-controls={panelId}
            aria-current={moreIsCurrent ? 'true' : undefined}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <NavIcon name="more" className={styles.icon} />
            <span className={styles.label}>
              <FormattedMessage id="nav.more" />
            </span>
          </button>
        </li>
      </ul>
      <ul id={panelId} className={styles.more} hidden={!open}>
        {MORE.map((section) => (
          <li key={section.to}>
            <LocalizedNavLink
              to={section.to}
              end={section.end}
              className={styles.moreLink}
              onClick={() => setOpenOn(null)}
            >
              <NavIcon name={section.icon} className={styles.icon} />
              <FormattedMessage id={section.tabLabel} />
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
