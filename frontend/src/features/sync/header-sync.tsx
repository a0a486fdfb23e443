import { useCallback, useRef, useState } from 'react';
import { useOutboxActions } from '../../lib/outbox/outbox';
import { SyncStatus } from '../../ui/sync-status/sync-status';
import { SyncPanel } from './sync-panel';

/**
 * The outbox in the header: its status and, on a press, the sync panel. When the status has
 * gone by the time the panel closes (everything synced or discarded), focus goes to the page.
 */
export default function HeaderSync() {
  const actions = useOutboxActions();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    if (button.current === null || !button.current.isConnected) document.getElementById('main-content')?.focus();
  }, []);
  return (
    <>
      <SyncStatus onOpen={() => setOpen(true)} expanded={open} buttonRef={button} />
      <SyncPanel open={open} onClose={close} actions={actions} />
    </>
  );
}
