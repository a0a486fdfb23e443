import { useCallback, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { endSession } from '../../lib/auth/session';
import { wipeDeviceData } from '../../lib/offline/device-data';
import { selectOutboxEntries } from '../../lib/outbox/outbox-slice';
import { LocalizedLink, useLocalizedPath } from '../../lib/localized-link';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { showSuccess } from '../../ui/toast/toasts-slice';
import { useAppDispatch, useAppSelector } from '../store';
import styles from './user-menu.module.css';
import { useDismiss } from '../../ui/use-dismiss';

export function UserMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const localized = useLocalizedPath();
  const user = useAppSelector((state) => state.auth.user);
  const unsynced = useAppSelector(selectOutboxEntries).length;
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const closeMenu = useCallback(() => setOpen(false), []);
  useDismiss(open, menu, trigger, closeMenu);

  const name = user?.displayName ?? user?.email ?? '';
  // Offline too: the server's part of signing out fails quietly, and this device forgets the user.
  const logOut = async () => {
    setConfirming(false);
    const uid = user?.uid ?? null;
    await endSession().catch(() => undefined);
    // The database goes once no other tab holds it open; nothing reads or writes it meanwhile.
    if (uid !== null) void wipeDeviceData(uid);
    dispatch(showSuccess('toast.loggedOut'));
    await navigate(localized('/auth/login'), { replace: true });
  };

  return (
    <div className={styles.menu} ref={menu}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={intl.formatMessage({ id: 'userMenu.label' })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{(name[0] ?? 'P').toUpperCase()}</span>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.identity}>
          <FormattedMessage id="userMenu.signedInAs" />
          <span className={styles.email}>{user?.email ?? name}</span>
        </p>
        <LocalizedLink to="/dashboard/settings" className={styles.item} onClick={() => setOpen(false)}>
          <FormattedMessage id="nav.settings" />
        </LocalizedLink>
        <button
          type="button"
          className={styles.item}
          onClick={() => {
            setOpen(false);
            setConfirming(true);
          }}
        >
          <FormattedMessage id="userMenu.logout" />
        </button>
      </div>
      {/* Entries on this device that have not synced are lost on sign-out: the dialog says how many. */}
      <ConfirmDialog
        open={confirming}
        title="logout.title"
        body={unsynced > 0 ? 'offline.signOut.unsynced' : 'logout.body'}
        confirm={unsynced > 0 ? 'offline.signOut.confirm' : 'logout.confirm'}
        danger={unsynced > 0}
        values={{ count: unsynced }}
        onConfirm={() => void logOut()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
