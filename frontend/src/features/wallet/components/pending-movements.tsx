import type { WalletView } from '@plenty/contracts/views/wallets';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { pendingTransfers } from '../../../lib/outbox/pending';
import type { OutboxFixState } from '../../../lib/outbox/types';
import { useFormat } from '../../../lib/use-format';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { PendingBadge, usePendingAdds, usePendingEntries } from '../../../ui/pending/pending';
import styles from '../wallets.module.css';
import { SignedMoney, useWalletName } from './wallet-icon';

/**
 * At the top of a wallet's movements: the transfers and transactions of this wallet made on this
 * device and waiting to sync, each with its badge (nothing when there are none). A transaction
 * opens the form on its entry.
 */
export function PendingMovements({
  wallet,
  wallets,
}: {
  readonly wallet: WalletView;
  readonly wallets: readonly WalletView[];
}) {
  const intl = useIntl();
  const format = useFormat();
  const writers = useWriters();
  const nameOf = useWalletName();
  const headingId = useId();
  const entries = usePendingEntries();
  const transfers = useMemo(() => pendingTransfers(entries, wallet.id), [entries, wallet.id]);
  const adds = usePendingAdds({ walletId: wallet.id });
  if (transfers.length === 0 && adds.length === 0) return null;
  const walletNamed = (id: string) => {
    const other = wallets.find((candidate) => candidate.id === id);
    return other === undefined ? intl.formatMessage({ id: 'wallet.movement.otherWallet' }) : nameOf(other);
  };
  const when = (date: string, time: string | null | undefined) =>
    time === null || time === undefined ? format.longDate(date) : `${format.longDate(date)} · ${time}`;
  return (
    <section className={styles.pendingMovements} aria-labelledby={headingId} data-testid="wallet-pending">
      <h3 id={headingId} className={styles.pendingTitle}>
        <FormattedMessage id="pending.block.title" />
      </h3>
      <ul className={styles.movements}>
        {transfers.map(({ seq, state, transfer }) => {
          const out = transfer.fromWalletId === wallet.id;
          const money = out ? transfer.amountOut : transfer.amountIn;
          return (
            <li
              key={`transfer-${seq}`}
              className={styles.movement}
              data-testid="wallet-pending-movement"
              data-pending="transfer"
              data-state={state}
            >
              <div className={styles.movementWhat}>
                <span className={styles.movementTitle}>
                  <FormattedMessage
                    id={out ? 'wallet.movement.transferTo' : 'wallet.movement.transferFrom'}
                    values={{ name: walletNamed(out ? transfer.toWalletId : transfer.fromWalletId) }}
                  />{' '}
                  <PendingBadge kind="add" state={state} />
                </span>
                {transfer.note !== undefined && <span className={styles.muted}>{transfer.note}</span>}
                <span className={styles.muted}>{when(transfer.date, transfer.time)}</span>
              </div>
              <div className={styles.movementFigures}>
                <SignedMoney amount={out ? -money.amount : money.amount} currency={money.currency} showPlus />
              </div>
            </li>
          );
        })}
        {adds.map((add) => {
          const { row } = add;
          const state: OutboxFixState = { outboxSeq: add.seq };
          return (
            <li
              key={row.id}
              className={styles.movement}
              data-testid="wallet-pending-movement"
              data-pending="add"
              data-state={add.state}
            >
              <div className={styles.movementWhat}>
                <span className={styles.movementTitle}>
                  <LocalizedLink to="/dashboard/transactions/add" state={state}>
                    {writers.category(row.categoryId)}
                  </LocalizedLink>{' '}
                  <PendingBadge kind="add" state={add.state} />
                </span>
                {row.note !== null && <span className={styles.muted}>{row.note}</span>}
                <span className={styles.muted}>{when(row.date, row.time)}</span>
              </div>
              <div className={styles.movementFigures}>
                <SignedMoney
                  amount={row.type === 'income' ? row.amount.amount : -row.amount.amount}
                  currency={row.amount.currency}
                  showPlus
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
