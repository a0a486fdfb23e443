import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useReceiptLinkQuery } from '../api';
import field from '../../../ui/field/field.module.css';
import styles from './receipt.module.css';

/**
 * A stored receipt: the picture itself, or a link that opens a PDF. The link is signed and
 * short-lived, so it is asked for when shown rather than kept.
 */
export function ReceiptView({ receiptId, pdf }: { readonly receiptId: string; readonly pdf?: boolean }) {
  const intl = useIntl();
  const link = useReceiptLinkQuery(receiptId);
  const [broken, setBroken] = useState(false);
  const [isPdf, setIsPdf] = useState(pdf ?? false);
  if (link.isLoading) {
    return (
      <p className={field.hint} role="status">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }
  if (link.data === undefined) {
    return (
      <p className={field.error}>
        <FormattedMessage id="transactions.detail.receiptError" />
      </p>
    );
  }
  if (isPdf || broken) {
    return (
      <a href={link.data.url} target="_blank" rel="noreferrer">
        <FormattedMessage id="transactions.detail.openReceipt" />
      </a>
    );
  }
  return (
    <a href={link.data.url} target="_blank" rel="noreferrer">
      <img
        className={styles.receiptImage}
        src={link.data.url}
        alt={intl.formatMessage({ id: 'transactions.detail.receiptAlt' })}
        onError={() => {
          // Not a picture: a PDF opens in the browser's own viewer instead.
          setIsPdf(true);
          setBroken(true);
        }}
      />
    </a>
  );
}
