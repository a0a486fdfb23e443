import { useId, useRef, useState, type DragEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import styles from '../import.module.css';

/** What the chooser takes: CSV and plain-text exports. */
const ACCEPT = '.csv,.txt,text/csv';

/**
 * Choose a file with the button (keyboard and screen readers) or drop it on the box. `error` is
 * said under it, tied to the button; `busy` while the file is read.
 */
export function FileChooser({
  onFile,
  busy,
  error,
}: {
  onFile(file: File): void;
  readonly busy: boolean;
  readonly error: React.ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const errorId = useId();

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file !== undefined) onFile(file);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!busy) take(event.dataTransfer.files);
  };

  return (
    <div
      className={styles.dropZone}
      data-over={over}
      data-testid="import-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p id={hintId} className={styles.muted}>
        <FormattedMessage id="import.choose.hint" />
      </p>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file-input"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={buttonClass('primary')}
        aria-describedby={error === null ? hintId : `${hintId} ${errorId}`}
        aria-disabled={busy}
        onClick={() => {
          if (!busy) input.current?.click();
        }}
        data-testid="import-choose"
      >
        {busy && <Spinner />}
        <FormattedMessage id={busy ? 'import.choose.reading' : 'import.choose.button'} />
      </button>
      {error !== null && (
        <p id={errorId} className={styles.error} role="alert" data-testid="import-file-error">
          {error}
        </p>
      )}
    </div>
  );
}
