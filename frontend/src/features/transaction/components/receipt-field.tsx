import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RECEIPT_MAX_BYTES } from '@plenty/contracts/views/files';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
import { useUploadReceiptMutation } from '../api';
import { asApiError } from '../errors';
import { Optional } from '../../../ui/field/field';
import field from '../../../ui/field/field.module.css';
import styles from './receipt.module.css';
import { ReceiptView } from './receipt-view';

const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'];

export interface ReceiptFieldProps {
  /** The stored receipt's id, or null. */
  readonly value: string | null;
  onChange(receiptId: string | null): void;
  onUploading(uploading: boolean): void;
  /** Without a network a receipt cannot be uploaded: the field says so and takes none. */
  readonly offline?: boolean;
}

interface Local {
  readonly name: string;
  readonly url: string | null;
}

/** Attach a photo or PDF of the receipt: it is uploaded at once, and the form keeps its id. */
export function ReceiptField({ value, onChange, onUploading, offline = false }: ReceiptFieldProps) {
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useUploadReceiptMutation();
  const [local, setLocal] = useState<Local | null>(null);
  const [error, setError] = useState<MessageId | null>(null);

  useEffect(
    () => () => {
      if (local?.url) URL.revokeObjectURL(local.url);
    },
    [local],
  );
  useEffect(() => onUploading(uploading.isLoading), [uploading.isLoading, onUploading]);

  const choose = async (file: File | undefined) => {
    if (file === undefined) return;
    setError(null);
    if (!RECEIPT_TYPES.includes(file.type)) {
      setError('transactions.form.receiptType');
      return;
    }
    if (file.size > RECEIPT_MAX_BYTES) {
      setError('transactions.form.receiptTooLarge');
      return;
    }
    try {
      const stored = await upload(file).unwrap();
      setLocal({ name: file.name, url: file.type.startsWith('image/') ? URL.createObjectURL(file) : null });
      onChange(stored.receiptId);
    } catch (failure) {
      setError(asApiError(failure)?.messageId ?? 'error.internal');
    } finally {
      if (input.current !== null) input.current.value = '';
    }
  };

  const describedBy = [`${id}-hint`, offline ? `${id}-offline` : null, error === null ? null : `${id}-error`]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={field.field}>
      <span className={field.label} id={`${id}-label`}>
        <FormattedMessage id="transactions.field.receipt" />
        <Optional />
      </span>
      <div className={styles.receiptBox}>
        <p id={`${id}-hint`} className={field.hint}>
          <FormattedMessage id="transactions.form.receiptHint" />
        </p>
        {offline && (
          <p id={`${id}-offline`} className={styles.receiptOffline} data-testid="receipt-offline">
            <FormattedMessage id="pending.receipt.offline" />
          </p>
        )}
        {uploading.isLoading && (
          <p role="status" className={field.hint}>
            <FormattedMessage id="transactions.form.receiptUploading" />
          </p>
        )}
        {value !== null &&
          !uploading.isLoading &&
          (local !== null ? (
            local.url !== null ? (
              <img className={styles.receiptImage} src={local.url} alt={local.name} />
            ) : (
              <p className={field.hint}>
                <FormattedMessage id="transactions.form.receiptPdf" />: {local.name}
              </p>
            )
          ) : (
            <ReceiptView receiptId={value} />
          ))}
        <input
          ref={input}
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          name="receipt"
          accept="image/*,application/pdf"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error !== null}
          onChange={(event) => void choose(event.target.files?.[0])}
          disabled={offline}
          tabIndex={-1}
          data-testid="receipt-input"
        />
        <div className={field.actions}>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => input.current?.click()}
            disabled={uploading.isLoading || offline}
            aria-describedby={describedBy}
          >
            <FormattedMessage
              id={value === null ? 'transactions.form.receiptChoose' : 'transactions.form.receiptReplace'}
            />
          </button>
          {value !== null && (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => {
                setLocal(null);
                onChange(null);
              }}
              aria-label={`${intl.formatMessage({ id: 'transactions.form.receiptRemove' })}: ${intl.formatMessage({ id: 'transactions.field.receipt' })}`}
            >
              <FormattedMessage id="transactions.form.receiptRemove" />
            </button>
          )}
        </div>
        {error !== null && (
          <p id={`${id}-error`} className={field.error} role="alert">
            <FormattedMessage id={error} />
          </p>
        )}
      </div>
    </div>
  );
}
