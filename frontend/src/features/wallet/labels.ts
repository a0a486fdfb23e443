export { KIND_LABELS } from '../../lib/wallet-kinds';
