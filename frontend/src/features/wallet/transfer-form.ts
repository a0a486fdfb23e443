import type { CommandRequest } from '@plenty/contracts/commands/registry';
import { isCalendarDate } from '@plenty/contracts/calendar/date';
import type { Currency, Money } from '@plenty/contracts/money';
import { LIMITS } from '@plenty/contracts/text';
import type { TransferDetails } from '@plenty/contracts/transfers';
import type { TransferView } from '@plenty/contracts/views/wallets';
import { amountInput, parseAmount } from '../../lib/amount';
import type { CommandInput } from '../../lib/api/use-command';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';

/** What the transfer dialog holds while the user fills it in. */
export interface TransferDraft {
  readonly fromWalletId: string;
  readonly toWalletId: string;
  readonly amountOut: string;
  /** Only read when the two wallets have different currencies. */
  readonly amountIn: string;
  readonly date: string;
  readonly time: string;
  readonly note: string;
}

export type TransferField = 'fromWalletId' | 'toWalletId' | 'amountOut' | 'amountIn' | 'date' | 'time' | 'note';
export type TransferErrors = Partial<Record<TransferField, MessageId>>;

/** A wallet as the transfer form needs it. */
export interface TransferWallet {
  readonly id: string;
  readonly currency: Currency;
}

/** A transfer the form accepts: what it records, or what an edit leaves. */
export type ValidTransfer = TransferDetails;

export function emptyTransferDraft(fromWalletId: string, toWalletId: string, today: string): TransferDraft {
  return { fromWalletId, toWalletId, amountOut: '', amountIn: '', date: today, time: '', note: '' };
}

export function transferDraft(transfer: TransferView, locale: Locale): TransferDraft {
  return {
    fromWalletId: transfer.fromWalletId,
    toWalletId: transfer.toWalletId,
    amountOut: amountInput(transfer.amountOut.amount, transfer.amountOut.currency, locale),
    amountIn: amountInput(transfer.amountIn.amount, transfer.amountIn.currency, locale),
    date: transfer.date,
    time: transfer.time ?? '',
    note: transfer.note ?? '',
  };
}

/**
 * Checks the draft as the server will: two different wallets, a positive amount out in the
 * first wallet's currency and, across currencies, a positive amount in (within one currency
 * what arrives is what left); a date, a time if any, a note within its limit.
 */
export function validateTransfer(
  draft: TransferDraft,
  wallets: readonly TransferWallet[],
  locale: Locale,
): { readonly errors: TransferErrors; readonly value: ValidTransfer | null } {
  const errors: { -readonly [K in TransferField]?: MessageId } = {};
  const from = wallets.find((wallet) => wallet.id === draft.fromWalletId);
  const to = wallets.find((wallet) => wallet.id === draft.toWalletId);
  if (from === undefined) errors.fromWalletId = 'transfer.validation.fromRequired';
  if (to === undefined) errors.toWalletId = 'transfer.validation.toRequired';
  else if (draft.toWalletId === draft.fromWalletId) errors.toWalletId = 'error.transfer_same_wallet';

  const out = from === undefined ? null : parseAmount(draft.amountOut, from.currency, locale);
  if (out !== null && !out.ok) errors.amountOut = `error.${out.error}`;
  const across = from !== undefined && to !== undefined && from.currency !== to.currency;
  const received = across ? parseAmount(draft.amountIn, to.currency, locale) : out;
  if (across && received !== null && !received.ok) errors.amountIn = `error.${received.error}`;

  const date = draft.date.trim();
  if (!isCalendarDate(date)) errors.date = 'error.date_invalid';
  const time = draft.time.trim();
  if (time !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) errors.time = 'error.time_invalid';
  const note = draft.note.trim();
  if (note.length > LIMITS.note) errors.note = 'transfer.validation.noteTooLong';

  if (
    Object.keys(errors).length > 0 ||
    from === undefined ||
    to === undefined ||
    out === null ||
    !out.ok ||
    received === null ||
    !received.ok
  ) {
    return { errors, value: null };
  }
  return {
    errors,
    value: {
      fromWalletId: from.id,
      toWalletId: to.id,
      amountOut: { amount: out.amount, currency: from.currency },
      amountIn: { amount: received.amount, currency: to.currency },
      date,
      time: time === '' ? null : time,
      note: note === '' ? null : note,
    },
  };
}

type EditTransferChanges = CommandRequest<'EditTransfer'>['changes'];
export type TransferChanges = { -readonly [K in keyof EditTransferChanges]: EditTransferChanges[K] };

const sameMoney = (a: Money, b: Money) => a.amount === b.amount && a.currency === b.currency;

/** The fields of an edit that differ from the transfer as it is (a cleared time or note is null). */
export function transferChanges(transfer: TransferView, value: ValidTransfer): TransferChanges {
  const changes: TransferChanges = {};
  if (value.fromWalletId !== transfer.fromWalletId) changes.fromWalletId = value.fromWalletId;
  if (value.toWalletId !== transfer.toWalletId) changes.toWalletId = value.toWalletId;
  if (!sameMoney(value.amountOut, transfer.amountOut)) changes.amountOut = value.amountOut;
  if (!sameMoney(value.amountIn, transfer.amountIn)) changes.amountIn = value.amountIn;
  if (value.date !== transfer.date) changes.date = value.date;
  if (value.time !== transfer.time) changes.time = value.time;
  if (value.note !== transfer.note) changes.note = value.note;
  return changes;
}

/** The RecordTransfer body of a checked draft (no time or note when there is none). */
export function recordTransferBody(value: ValidTransfer, transferId: string): CommandInput<'RecordTransfer'> {
  return {
    transferId,
    fromWalletId: value.fromWalletId,
    toWalletId: value.toWalletId,
    amountOut: value.amountOut,
    amountIn: value.amountIn,
    date: value.date,
    ...(value.time === null ? {} : { time: value.time }),
    ...(value.note === null ? {} : { note: value.note }),
  };
}
