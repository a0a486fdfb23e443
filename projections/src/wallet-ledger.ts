import {
  WALLETS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
  WALLET_SOURCES_VIEW,
} from '@plenty/contracts/views/registry';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { exactTotal, totalOf } from '@plenty/contracts/money';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { defaultWalletCurrency } from '@plenty/contracts/wallets';
import { isNewerThan } from './projection.js';
import {
  defaultWallet,
  monthDocId,
  type SourceDoc,
  type WalletDoc,
  type WalletMonthDoc,
  type WalletMovementDoc,
} from './wallet-docs.js';

/** The documents, views and default wallets, for those that import them from here. */
export * from './wallet-docs.js';

/*
 * The ledger one event changes the wallets projection's documents through: the wallets it
 * touches, their month sums and their movements are loaded once, changed in memory, and written
 * when the event is done, so a movement taken out and put back (an edit) is one write.
 */

/** The wallets, month sums and movements one event changes, written together by `write`. */
export class WalletLedger {
  private readonly wallets = new Map<string, WalletDoc | null>();
  private readonly changedWallets = new Set<string>();
  private readonly months = new Map<string, WalletMonthDoc | null>();
  private readonly movements = new Map<string, WalletMovementDoc | null>();

  constructor(
    private readonly event: RecordedEvent,
    private readonly uow: UnitOfWork,
  ) {}

  get userId(): string {
    return this.event.metadata.userId;
  }

  /** The wallet's document; a default wallet without one gets it now (its currency from its id). */
  async wallet(walletId: string): Promise<WalletDoc | null> {
    if (!this.wallets.has(walletId)) {
      const stored = await this.uow.get<WalletDoc>(WALLETS_VIEW, this.userId, walletId);
      this.wallets.set(walletId, stored?.doc ?? null);
    }
    const known = this.wallets.get(walletId) ?? null;
    if (known !== null) return known;
    const currency = defaultWalletCurrency(this.userId, walletId);
    if (currency === null) return null;
    const made = defaultWallet(walletId, currency, this.event.metadata.occurredAt);
    this.setWallet(made);
    return made;
  }

  setWallet(doc: WalletDoc): void {
    this.wallets.set(doc.id, doc);
    this.changedWallets.add(doc.id);
  }

  /** The stored movement (or the one this event already wrote), null if none. */
  async movement(id: string): Promise<WalletMovementDoc | null> {
    if (this.movements.has(id)) return this.movements.get(id) ?? null;
    const stored = await this.uow.get<WalletMovementDoc>(WALLET_MOVEMENTS_VIEW, this.userId, id);
    return stored?.doc ?? null;
  }

  /** Adds a movement to its wallet and month (replacing none: take the old one out first). */
  async add(movement: WalletMovementDoc): Promise<void> {
    await this.wallet(movement.walletId);
    await this.addToMonth(movement, 1);
    this.movements.set(movement.id, movement);
  }

  /** Takes the movement of this id out of its month, if there is one. */
  async take(id: string): Promise<WalletMovementDoc | null> {
    const current = await this.movement(id);
    if (current === null) return null;
    await this.addToMonth(current, -1);
    this.movements.set(id, null);
    return current;
  }

  private async addToMonth(movement: WalletMovementDoc, sign: 1 | -1): Promise<void> {
    const month = monthOfDate(movement.date);
    const id = monthDocId(movement.walletId, month);
    if (!this.months.has(id)) {
      const stored = await this.uow.get<WalletMonthDoc>(WALLET_MONTHS_VIEW, this.userId, id);
      this.months.set(id, stored?.doc ?? null);
    }
    const current = this.months.get(id) ?? null;
    this.months.set(id, {
      walletId: movement.walletId,
      currency: current?.currency ?? movement.currency,
      month,
      change: exactTotal(totalOf(current?.change ?? 0) + BigInt(sign) * BigInt(movement.amount)),
      count: (current?.count ?? 0) + sign,
    });
  }

  write(): void {
    const { position } = this.event;
    for (const id of this.changedWallets) {
      const doc = this.wallets.get(id);
      if (doc !== null && doc !== undefined) this.uow.put(WALLETS_VIEW, this.userId, id, doc, position);
    }
    for (const [id, doc] of this.months) {
      if (doc === null) continue;
      if (doc.count <= 0) this.uow.remove(WALLET_MONTHS_VIEW, this.userId, id, position);
      else this.uow.put(WALLET_MONTHS_VIEW, this.userId, id, doc, position);
    }
    for (const [id, doc] of this.movements) {
      if (doc === null) this.uow.remove(WALLET_MOVEMENTS_VIEW, this.userId, id, position);
      else this.uow.put(WALLET_MOVEMENTS_VIEW, this.userId, id, doc, position);
    }
  }
}

/** The source document of this id, and whether the event is newer than it (or it is absent). */
export async function sourceOf(
  event: RecordedEvent,
  uow: UnitOfWork,
  id: string,
): Promise<{ readonly source: SourceDoc | null; readonly fresh: boolean }> {
  const stored = await uow.get<SourceDoc>(WALLET_SOURCES_VIEW, event.metadata.userId, id);
  return { source: stored?.doc ?? null, fresh: isNewerThan(event, stored) };
}

export function putSource(event: RecordedEvent, uow: UnitOfWork, source: SourceDoc): void {
  uow.put(WALLET_SOURCES_VIEW, event.metadata.userId, source.id, source, event.position);
}
