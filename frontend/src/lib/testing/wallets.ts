/**
 * A wallet as `GET /wallets` answers it, for component and form tests: a bank wallet in kip with
 * nothing in it, made on 1 November 2026, changed by `fields`.
 */
export { walletView } from '@plenty/contracts/testing/views';
