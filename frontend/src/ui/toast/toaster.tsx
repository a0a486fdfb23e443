import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import styles from './toaster.module.css';
import { TOAST_DURATION_MS, toastDismissed, type Toast, type ToastsState } from './toasts-slice';

const SWIPE_DISTANCE_PX = 80;
const ICONS = { success: '✓', error: '!', info: 'i', warning: '⚠' } as const;

function ToastCard({ toast, onDismiss }: { readonly toast: Toast; readonly onDismiss: () => void }) {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const dragStart = useRef<number | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [onDismiss]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current !== null) setOffset(event.clientX - dragStart.current);
  };
  const onPointerUp = () => {
    dragStart.current = null;
    if (Math.abs(offset) >= SWIPE_DISTANCE_PX) onDismiss();
    else setOffset(0);
  };

  return (
    // A tap or swipe anywhere on the toast is a pointer shortcut; its close button is the keyboard's way.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions
    <div
      className={`${styles.toast} ${styles[toast.kind]}`}
      data-testid="toast"
      data-kind={toast.kind}
      style={offset === 0 ? undefined : { transform: `translateX(${offset}px)`, opacity: 1 - Math.abs(offset) / 240 }}
      onClick={onDismiss}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setOffset(0)}
    >
      <span className={styles.icon} aria-hidden="true">
        {ICONS[toast.kind]}
      </span>
      <p className={styles.text}>{intl.formatMessage({ id: toast.messageId }, toast.values)}</p>
      <button
        type="button"
        className={styles.close}
        aria-label={intl.formatMessage({ id: 'common.close' })}
        onClick={(event) => {
          event.stopPropagation();
          onDismiss();
        }}
      >
        ×
      </button>
    </div>
  );
}

/**
 * Shows the current toast for 2.5 s from when its message is known. Both live regions stay in the page so screen readers
 * announce what appears in them: errors assertively, the rest politely.
 */
export function Toaster() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const toast = useSelector((state: { toasts: ToastsState }) => state.toasts.current);
  const id = toast?.id;
  const dismiss = useCallback(() => {
    if (id !== undefined) dispatch(toastDismissed(id));
  }, [dispatch, id]);

  const label = intl.formatMessage({ id: 'toast.region' });
  // A toast raised before its message is here (the signed-in app's messages come as a chunk of
  // their own) waits for it: shown, and its time started, once the text is known, never its key.
  const known = toast !== null && intl.messages[toast.messageId] !== undefined;
  const card = toast === null || !known ? null : <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />;
  return (
    <>
      <div className={styles.region} role="status" aria-live="polite" aria-label={label}>
        {toast?.kind === 'error' ? null : card}
      </div>
      <div className={styles.region} role="alert" aria-live="assertive" aria-label={label}>
        {toast?.kind === 'error' ? card : null}
      </div>
    </>
  );
}
