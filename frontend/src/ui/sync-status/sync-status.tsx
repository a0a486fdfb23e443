import { useEffect, useState, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { selectBrowserSaysOnline, type NetworkState } from '../../lib/offline/network-slice';
import {
  selectOutbox,
  selectRejectedEntries,
  selectUnsyncedCount,
  type OutboxSliceState,
} from '../../lib/outbox/outbox-slice';
import { StrokeIcon } from '../icon/stroke-icon';
import styles from './sync-status.module.css';

/** How long "All synced" stays after a sync emptied the queue. */
export const ALL_SYNCED_MS = 4000;

export type SyncStatusState = 'hidden' | 'waiting' | 'syncing' | 'attention' | 'synced';

type State = { readonly outbox: OutboxSliceState; readonly network: NetworkState };

function StatusIcon({ state }: { readonly state: Exclude<SyncStatusState, 'hidden'> }) {
  switch (state) {
    case 'waiting': // a cloud crossed out: kept on the device
      return (
        <StrokeIcon size={18}>
          <path d="M7 18h10a4 4 0 0 0 .5-7.97A6 6 0 0 0 6.2 9.1 4.5 4.5 0 0 0 7 18z" />
          <path d="M3 3l18 18" />
        </StrokeIcon>
      );
    case 'syncing': // two arrows going round
      return (
        <StrokeIcon size={18} className={styles.spin}>
          <path d="M20 12a8 8 0 0 1-14.3 4.9M4 12a8 8 0 0 1 14.3-4.9" />
          <path d="M18.5 3v4.2h-4.2M5.5 21v-4.2h4.2" />
        </StrokeIcon>
      );
    case 'attention':
      return (
        <StrokeIcon size={18}>
          <path d="M12 3 2 20h20z" />
          <path d="M12 10v4M12 17h.01" />
        </StrokeIcon>
      );
    case 'synced':
      return (
        <StrokeIcon size={18}>
          <path d="M5 12.5 10 17l9-10" />
        </StrokeIcon>
      );
  }
}

/**
 * Whether the status shows and how: syncing first, then entries refused, then entries waiting,
 * then "All synced" for a moment after a sync that emptied the queue; otherwise nothing.
 */
export function syncStatusState(unsynced: number, rejected: number, syncing: boolean, justSynced: boolean) {
  if (syncing && unsynced > 0) return 'syncing';
  if (rejected > 0) return 'attention';
  if (unsynced > 0) return 'waiting';
  return justSynced ? 'synced' : 'hidden';
}

/**
 * The outbox in the header of every signed-in page: a button that says what is waiting, being
 * sent or refused, and opens the sync panel. A visually hidden live region says each change:
 * politely what waits or was synced, assertively (once) that entries were refused.
 */
export function SyncStatus({
  onOpen,
  expanded,
  buttonRef,
}: {
  onOpen(): void;
  readonly expanded: boolean;
  readonly buttonRef?: Ref<HTMLButtonElement>;
}) {
  const intl = useIntl();
  const outbox = useSelector((state: State) => selectOutbox(state));
  const unsynced = useSelector((state: State) => selectUnsyncedCount(state));
  const rejected = useSelector((state: State) => selectRejectedEntries(state).length);
  const online = useSelector((state: State) => selectBrowserSaysOnline(state));
  const { syncing, lastSyncedAt } = outbox;
  const empty = outbox.entries.length === 0;

  // "All synced" after the sync that emptied the queue, until the timer or the next entry.
  const [seenSyncedAt, setSeenSyncedAt] = useState(lastSyncedAt);
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  if (lastSyncedAt !== seenSyncedAt && !syncing) {
    setSeenSyncedAt(lastSyncedAt);
    if (empty && lastSyncedAt !== null) setSyncedAt(lastSyncedAt);
  }
  useEffect(() => {
    if (syncedAt === null) return;
    const timer = window.setTimeout(() => setSyncedAt(null), ALL_SYNCED_MS);
    return () => window.clearTimeout(timer);
  }, [syncedAt]);
  const justSynced = syncedAt !== null && empty;
  const state = syncStatusState(unsynced, rejected, syncing, justSynced);

  // What the live regions say: each change once, nothing for what was there when the page opened.
  const sending = syncing && unsynced > 0;
  const [said, setSaid] = useState({ unsynced, rejected, justSynced, sending, polite: '', assertive: '' });
  if (
    said.unsynced !== unsynced ||
    said.rejected !== rejected ||
    said.justSynced !== justSynced ||
    said.sending !== sending
  ) {
    let { polite, assertive } = said;
    if (rejected > said.rejected) {
      assertive = intl.formatMessage({ id: 'sync.announce.rejected' }, { count: rejected - said.rejected });
    }
    if (justSynced && !said.justSynced) polite = intl.formatMessage({ id: 'sync.announce.allSynced' });
    else if (sending && !said.sending) polite = intl.formatMessage({ id: 'sync.announce.syncing' });
    else if (!sending && unsynced > 0 && unsynced !== said.unsynced) {
      polite = intl.formatMessage({ id: 'sync.announce.waiting' }, { count: unsynced });
    }
    setSaid({ unsynced, rejected, justSynced, sending, polite, assertive });
  }
  const { polite, assertive } = said;

  const visible = state !== 'hidden';
  return (
    <>
      <span className="visually-hidden" role="status" aria-live="polite" data-testid="sync-announce">
        {polite}
      </span>
      <span className="visually-hidden" role="alert" aria-live="assertive" data-testid="sync-alert">
        {assertive}
      </span>
      {visible && (
        <button
          ref={buttonRef}
          type="button"
          className={styles.status}
          data-testid="sync-status"
          data-state={state}
          data-online={online ? 'true' : 'false'}
          aria-haspopup="dialog"
          aria-expanded={expanded}
          onClick={onOpen}
        >
          <StatusIcon state={state} />
          {state === 'waiting' && (
            <>
              <span className={styles.count} aria-hidden="true">
                {intl.formatNumber(unsynced)}
              </span>
              <span className={styles.words}>
                <FormattedMessage id="sync.status.waiting" values={{ count: unsynced }} />
              </span>
            </>
          )}
          {state === 'attention' && (
            <>
              <span className={styles.count} aria-hidden="true">
                {intl.formatNumber(rejected)}
              </span>
              <span className={styles.words}>
                <FormattedMessage id="sync.status.attention" values={{ count: rejected }} />
              </span>
            </>
          )}
          {state === 'syncing' && (
            <span className={styles.words}>
              <FormattedMessage id="sync.status.syncing" />
            </span>
          )}
          {state === 'synced' && (
            <span className={styles.words}>
              <FormattedMessage id="sync.status.allSynced" />
            </span>
          )}
        </button>
      )}
    </>
  );
}
