import { useCallback, useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useOutboxActions } from '../../lib/outbox/outbox';
import { selectSyncPanelOpen, syncPanelClosed, syncPanelOpened } from '../../ui/sync-status/sync-panel-slice';
import { SyncStatus } from '../../ui/sync-status/sync-status';
import { SyncPanel } from './sync-panel';

/**
 * The outbox in the header: its status and the sync panel, open while the store says so (the
 * status button opens it, and so does a refused row's "See why and fix"). Closing gives focus
 * back to what opened it; when that has gone by then (everything synced or discarded), focus
 * goes to the page.
 */
export default function HeaderSync() {
  const actions = useOutboxActions();
  const dispatch = useDispatch();
  const open = useSelector(selectSyncPanelOpen);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  const close = useCallback(() => dispatch(syncPanelClosed()), [dispatch]);
  // Runs after the dialog's own effect has closed it and tried to give focus back.
  useEffect(() => {
    if (wasOpen.current && !open && (document.activeElement === null || document.activeElement === document.body)) {
      document.getElementById('main-content')?.focus();
    }
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <SyncStatus onOpen={() => dispatch(syncPanelOpened())} expanded={open} buttonRef={button} />
      <SyncPanel open={open} onClose={close} actions={actions} />
    </>
  );
}
