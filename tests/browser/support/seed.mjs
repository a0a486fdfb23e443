// What a journey's user already has before the browser opens, sent through the API as another
// device would: a wallet and a kip loan with the fields every journey would otherwise repeat.
import { postCommand, uuidV7 } from './api.mjs';

/**
 * Opens a wallet: a kip bank account "BCEL One" of 5,000,000 opened on 1 January 2026 unless
 * `fields` say otherwise (any OpenWallet field). Answers the command's answer (its position).
 */
export function openWallet(baseUrl, user, fields = {}) {
  return postCommand(baseUrl, user, 'OpenWallet', {
    walletId: uuidV7(),
    name: 'BCEL One',
    kind: 'bank',
    currency: 'LAK',
    openingBalance: 5_000_000,
    openingDate: '2026-01-01',
    icon: 'bank',
    color: '#3b82f6',
    excludeFromTotals: false,
    ...fields,
  });
}

/**
 * Opens a loan: 12,000,000 kip over 12 monthly installments (EMI) at 7.5 %, due on the 15th,
 * named "Motorbike loan", opened on `openDate` unless `fields` say otherwise (any OpenDebt
 * field; `startDate` follows `openDate`). Answers the command's answer (its position).
 */
export function openKipLoan(baseUrl, user, { openDate, ...fields }) {
  return postCommand(baseUrl, user, 'OpenDebt', {
    debtId: uuidV7(),
    name: 'Motorbike loan',
    type: 'loan',
    initialAmount: 12_000_000,
    currentAmount: 12_000_000,
    annualRatePercent: '7.5',
    paymentDueDay: 15,
    icon: 'car',
    color: '#336699',
    currency: 'LAK',
    loanType: 'emi',
    termMonths: 12,
    openDate,
    startDate: openDate,
    ...fields,
  });
}
