import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { errorMessageId } from '../../lib/api/api-error';
import { useLocalizedPath } from '../../lib/localized-link';
import type { MessageId } from '../../lib/messages';
import { selectBrowserOnline, type NetworkState } from '../../lib/offline/network-slice';
import type { OutboxActions } from '../../lib/outbox/outbox';
import { selectOutbox, selectUnsyncedCount, type OutboxSliceState } from '../../lib/outbox/outbox-slice';
import type { AnyOutboxEntry, OutboxFixState } from '../../lib/outbox/types';
import { useLocale } from '../../lib/use-locale';
import { Badge, type BadgeTone } from '../../ui/badge/badge';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ModalDialog } from '../../ui/dialog-form/modal-dialog';
import { fieldWord, formatShortDate } from '../../ui/sync-status/describe-entry';
import { useDescribeEntry } from '../../ui/sync-status/use-describe-entry';
import { entryActions, fixPath, listedEntries, nothingToFix } from './entry-actions';
import { ReviewChanges } from './review-changes';
import styles from './sync-panel.module.css';

type State = { readonly outbox: OutboxSliceState; readonly network: NetworkState };

const STATE_TONE: Record<AnyOutboxEntry['state'], BadgeTone> = {
  waiting: 'neutral',
  sending: 'success',
  rejected: 'warning',
};
const STATE_WORDS: Record<AnyOutboxEntry['state'], MessageId> = {
  waiting: 'sync.state.waiting',
  sending: 'sync.state.sending',
  rejected: 'sync.state.rejected',
};

/** "27 Nov 14:03" in the reader's language and the device's time zone. */
function useShortDateTime(): (instant: string) => string {
  const { locale } = useLocale();
  return (instant) => {
    const moment = new Date(instant);
    if (Number.isNaN(moment.getTime())) return instant;
    const time = `${String(moment.getHours()).padStart(2, '0')}:${String(moment.getMinutes()).padStart(2, '0')}`;
    return `${formatShortDate(todayIn(undefined, moment), locale)} ${time}`;
  };
}

/** What the panel says after an action, with Undo after a discard. */
type Notice =
  | { readonly kind: 'discarded'; readonly entry: AnyOutboxEntry; readonly words: string }
  | { readonly kind: 'restored'; readonly words: string }
  | { readonly kind: 'applied' };

/**
 * The entries this device holds for the server, in the order they will be sent, each with what
 * it is, when it was made and where it stands; refused ones with the reason and what can be
 * done (fix in the form, review and apply anyway, discard). Discarding asks first, then offers
 * Undo. A modal dialog (a full-width sheet on a phone): focus stays inside, Escape closes it.
 */
export function SyncPanel({
  open,
  onClose,
  actions,
}: {
  readonly open: boolean;
  onClose(): void;
  readonly actions: OutboxActions;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { locale } = useLocale();
  const describe = useDescribeEntry();
  const shortDateTime = useShortDateTime();
  const outbox = useSelector((state: State) => selectOutbox(state));
  const unsynced = useSelector((state: State) => selectUnsyncedCount(state));
  // What the browser says: with a weak signal sending is how the app finds the server again.
  const online = useSelector((state: State) => selectBrowserOnline(state) && navigator.onLine !== false);
  const titleId = useId();
  const reasonId = useId();
  const [asked, setAsked] = useState<AnyOutboxEntry | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const translate = (id: MessageId, values?: Readonly<Record<string, string | number>>) =>
    intl.formatMessage({ id }, values);

  // A closed panel opens again without the last notice or review.
  const close = () => {
    setNotice(null);
    setReviewing(null);
    onClose();
  };
  useEffect(() => {
    if (notice?.kind === 'discarded') undoRef.current?.focus();
  }, [notice]);

  const { entries, syncing, lastSyncedAt } = outbox;
  const { listed, more } = useMemo(() => listedEntries(entries), [entries]);
  const cannotSync = !online || syncing || unsynced === 0;

  const discard = async (entry: AnyOutboxEntry) => {
    setAsked(null);
    const words = describe(entry);
    const removed = await actions.discard(entry.seq);
    if (removed !== null) setNotice({ kind: 'discarded', entry: removed, words });
    else titleRef.current?.focus();
  };
  const undo = async (entry: AnyOutboxEntry, words: string) => {
    await actions.restore(entry);
    setNotice({ kind: 'restored', words });
    titleRef.current?.focus();
  };
  const fix = (entry: AnyOutboxEntry) => {
    const path = fixPath(entry);
    if (path === null) return;
    const state: OutboxFixState = { outboxSeq: entry.seq };
    close();
    void navigate(localized(path), { state });
  };
  const applyAnyway = async (entry: AnyOutboxEntry) => {
    await actions.resendAnyway(entry.seq);
    setReviewing(null);
    setNotice({ kind: 'applied' });
  };

  const reason = (entry: AnyOutboxEntry) => {
    const rejection = entry.rejection;
    if (rejection === null) return null;
    const main = translate(rejection.messageId);
    const fields = Object.entries(rejection.fields);
    return (
      <div className={styles.reason} data-testid="outbox-reason">
        <p>{main}</p>
        {fields.length > 0 && (
          <div className={styles.fields}>
            <FormattedMessage id="sync.reason.fields" />
            <ul>
              {fields.map(([path, code]) => {
                const word = fieldWord(path, { locale, translate });
                const message = translate(errorMessageId(code));
                // The field alone when its message is the one said above.
                return <li key={path}>{message === main ? word : `${word}: ${message}`}</li>;
              })}
            </ul>
          </div>
        )}
        {nothingToFix(entry) && (
          <p className={styles.muted}>
            <FormattedMessage id="sync.reason.nothingToFix" />
          </p>
        )}
      </div>
    );
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      className={styles.panel}
      labelledBy={titleId}
      testId="sync-panel"
      initialFocus={() => titleRef.current}
    >
      <div className={styles.head}>
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.title}>
          <FormattedMessage id="sync.panel.title" />
        </h2>
        <button
          type="button"
          className={styles.close}
          onClick={close}
          aria-label={translate('sync.panel.close')}
          data-testid="sync-panel-close"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>

      {entries.length === 0 ? (
        <div className={styles.empty} data-testid="sync-empty">
          <p>
            <FormattedMessage id="sync.panel.empty" />
          </p>
          {lastSyncedAt !== null && (
            <p className={styles.muted}>
              <FormattedMessage id="sync.panel.lastSynced" values={{ time: shortDateTime(lastSyncedAt) }} />
            </p>
          )}
        </div>
      ) : (
        <>
          <p className={styles.muted}>
            <FormattedMessage id="sync.panel.lead" />
          </p>
          <div className={styles.syncRow}>
            <button
              type="button"
              className={buttonClass('primary')}
              aria-disabled={cannotSync}
              aria-describedby={!online || syncing ? reasonId : undefined}
              data-testid="sync-now"
              onClick={() => {
                if (!cannotSync) actions.syncNow();
              }}
            >
              <FormattedMessage id="sync.panel.syncNow" />
            </button>
            {!online && (
              <p id={reasonId} className={styles.muted}>
                <FormattedMessage id="sync.panel.offline" />
              </p>
            )}
            {online && syncing && (
              <p id={reasonId} className={styles.muted}>
                <FormattedMessage id="sync.panel.syncing" />
              </p>
            )}
          </div>
          <ol className={styles.list} aria-label={translate('sync.panel.list')}>
            {listed.map((entry) => {
              const words = describe(entry);
              const reviewId = `${titleId}-review-${entry.seq}`;
              return (
                <li
                  key={entry.seq}
                  className={styles.entry}
                  data-testid="outbox-entry"
                  data-state={entry.state}
                  data-seq={entry.seq}
                >
                  <p className={styles.words} data-testid="outbox-entry-words">
                    {words}
                  </p>
                  <p className={styles.meta}>
                    <Badge tone={STATE_TONE[entry.state]} data={{ status: entry.state }}>
                      <FormattedMessage id={STATE_WORDS[entry.state]} />
                    </Badge>
                    <span>
                      <FormattedMessage id="sync.entry.queuedAt" values={{ time: shortDateTime(entry.queuedAt) }} />
                    </span>
                    {entry.attempts > 0 && entry.state !== 'rejected' && (
                      <span>
                        <FormattedMessage id="sync.entry.tries" values={{ count: entry.attempts }} />
                      </span>
                    )}
                  </p>
                  {reason(entry)}
                  <div className={styles.actions}>
                    {entryActions(entry).map((action) => {
                      switch (action) {
                        case 'fix':
                          return (
                            <button
                              key={action}
                              type="button"
                              className={buttonClass('primary')}
                              aria-label={translate('sync.action.fixLabel', { entry: words })}
                              data-testid="outbox-fix"
                              onClick={() => fix(entry)}
                            >
                              <FormattedMessage id="sync.action.fix" />
                            </button>
                          );
                        case 'review':
                          return (
                            <button
                              key={action}
                              type="button"
                              className={buttonClass('secondary')}
                              aria-label={translate('sync.action.reviewLabel', { entry: words })}
                              aria-expanded={reviewing === entry.seq}
                              aria-controls={reviewing === entry.seq ? reviewId : undefined}
                              data-testid="outbox-review"
                              onClick={() => setReviewing(reviewing === entry.seq ? null : entry.seq)}
                            >
                              <FormattedMessage id="sync.action.review" />
                            </button>
                          );
                        case 'applyAnyway':
                          return (
                            <button
                              key={action}
                              type="button"
                              className={buttonClass('primary')}
                              aria-label={translate('sync.action.applyAnywayLabel', { entry: words })}
                              data-testid="outbox-apply-anyway"
                              onClick={() => void applyAnyway(entry)}
                            >
                              <FormattedMessage id="sync.action.applyAnyway" />
                            </button>
                          );
                        case 'discard':
                          return (
                            <button
                              key={action}
                              type="button"
                              className={buttonClass('secondary')}
                              aria-label={translate('sync.action.discardLabel', { entry: words })}
                              data-testid="outbox-discard"
                              onClick={() => setAsked(entry)}
                            >
                              <FormattedMessage id="sync.action.discard" />
                            </button>
                          );
                      }
                    })}
                  </div>
                  {reviewing === entry.seq && entry.name === 'EditTransaction' && (
                    <ReviewChanges entry={entry} id={reviewId} onLeave={close} />
                  )}
                </li>
              );
            })}
          </ol>
          {more > 0 && (
            <p className={styles.muted} data-testid="sync-more">
              <FormattedMessage id="sync.panel.more" values={{ count: more }} />
            </p>
          )}
        </>
      )}

      <div className={styles.notice} role="status" data-testid="sync-notice">
        {notice?.kind === 'discarded' && (
          <>
            <span>
              <FormattedMessage id="sync.discarded" values={{ entry: notice.words }} />
            </span>
            <button
              ref={undoRef}
              type="button"
              className={buttonClass('secondary')}
              data-testid="sync-undo"
              onClick={() => void undo(notice.entry, notice.words)}
            >
              <FormattedMessage id="sync.action.undo" />
            </button>
          </>
        )}
        {notice?.kind === 'restored' && <FormattedMessage id="sync.restored" values={{ entry: notice.words }} />}
        {notice?.kind === 'applied' && <FormattedMessage id="sync.applied" />}
      </div>

      <ConfirmDialog
        open={asked !== null}
        title="sync.discard.title"
        body="sync.discard.body"
        confirm="sync.discard.confirm"
        danger
        values={{ entry: asked === null ? '' : describe(asked) }}
        onConfirm={() => {
          if (asked !== null) void discard(asked);
        }}
        onCancel={() => setAsked(null)}
      />
    </ModalDialog>
  );
}
