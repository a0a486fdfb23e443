import { FormattedMessage, useIntl } from 'react-intl';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { useFormat } from '../../../lib/use-format';
import { walletName } from '../../../lib/wallet-name';
import { Badge } from '../../../ui/badge/badge';
import { IconTile } from '../../../ui/icon/icon-tile';
import { KIND_LABELS } from '../labels';
import styles from '../wallets.module.css';

/** The wallet's icon on its colour, decorative: its name is written next to it. */
export function WalletIcon({
  icon,
  color,
  size = 24,
}: {
  readonly icon: string;
  readonly color: string;
  readonly size?: number;
}) {
  return <IconTile icon={icon} color={color} size={size} className={styles.iconBox} />;
}

/** What kind of wallet it is, its currency, and whether it is left out of totals or archived. */
export function WalletBadges({
  wallet,
}: {
  readonly wallet: Pick<WalletView, 'kind' | 'currency' | 'excludeFromTotals' | 'archived'>;
}) {
  return (
    <>
      <Badge>
        <FormattedMessage id={KIND_LABELS[wallet.kind]} />
      </Badge>
      <Badge>{wallet.currency}</Badge>
      {wallet.excludeFromTotals && (
        <Badge tone="warning" symbol="∅" testId="wallet-excluded">
          <FormattedMessage id="wallet.excluded" />
        </Badge>
      )}
      {wallet.archived && (
        <Badge testId="wallet-archived">
          <FormattedMessage id="wallet.archived" />
        </Badge>
      )}
    </>
  );
}

/** A wallet's name in the reader's language ("Cash (THB)" for a default wallet not renamed). */
export function useWalletName() {
  const intl = useIntl();
  return (wallet: Pick<WalletView, 'name' | 'currency'>) => walletName(intl, wallet);
}

/**
 * A signed amount with its sign in words for screen readers ("minus ฿50.00"), in the money-out
 * colour when below zero: colour is never the only sign.
 */
export function SignedMoney({
  amount,
  currency,
  showPlus = false,
  testId,
}: {
  readonly amount: number;
  readonly currency: WalletView['currency'];
  /** Movements: "+" before money in. */
  readonly showPlus?: boolean;
  readonly testId?: string;
}) {
  const intl = useIntl();
  const format = useFormat();
  const written = format.money({ amount, currency });
  const shown = showPlus && amount > 0 ? `+${written}` : written;
  const spoken =
    amount < 0
      ? intl.formatMessage({ id: 'wallet.amount.negative' }, { amount: format.money({ amount: -amount, currency }) })
      : showPlus && amount > 0
        ? intl.formatMessage({ id: 'wallet.amount.positive' }, { amount: written })
        : written;
  return (
    <span
      className={amount < 0 ? styles.negative : showPlus && amount > 0 ? styles.positive : undefined}
      data-testid={testId}
      data-amount={amount}
    >
      {spoken === shown ? (
        shown
      ) : (
        <>
          <span aria-hidden="true">{shown}</span>
          <span className="visually-hidden">{spoken}</span>
        </>
      )}
    </span>
  );
}
