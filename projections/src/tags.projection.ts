import { TAGS_VIEW, TAG_LINKS_VIEW, TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { tagKey, type TagEvent, type TagLinkDoc, type TagView } from '@plenty/contracts/tags';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { StoredDocument, UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

/**
 * A stored tag: the `TagView` the query answers, plus how many of its transactions are on its
 * newest date, so taking one of them away finds the new newest date only when the last one goes.
 */
export type TagDoc = TagView & { readonly newestCount: number };

export const tagsView: ViewDefinition = { name: TAGS_VIEW, fields: { count: 'integer' }, indexes: [['count']] };

export const tagLinksView: ViewDefinition = {
  name: TAG_LINKS_VIEW,
  fields: { tagKey: 'text', transactionId: 'text' },
  indexes: [['tagKey'], ['transactionId']],
};

type Recorded<E> = RecordedEvent & E;

export const tagLinkId = (transactionId: string, key: string): string => `${transactionId}:${key}`;

/** A transaction's tags by key, the first spelling of each kept; none for a tag list an erasure left unreadable. */
function byKey(tags: readonly string[] | null | undefined): Map<string, string> {
  const keyed = new Map<string, string>();
  for (const tag of tags ?? []) {
    const key = tagKey(tag);
    if (key !== '' && !keyed.has(key)) keyed.set(key, tag.normalize('NFC').trim());
  }
  return keyed;
}

/** What one event does to one tag's document. */
interface TagChange {
  /** The spelling a tag that had no transaction takes. */
  spelling: string | null;
  /** The spelling a rename gives it, whatever it had. */
  renamed: string | null;
  readonly added: string[];
  readonly removed: string[];
}

/** The links and tag documents one event writes; every write is guarded by the event's position. */
class TagWrites {
  private readonly changes = new Map<string, TagChange>();

  constructor(
    private readonly event: RecordedEvent,
    private readonly uow: UnitOfWork,
  ) {}

  private get userId(): string {
    return this.event.metadata.userId;
  }

  private change(key: string): TagChange {
    let change = this.changes.get(key);
    if (change === undefined) {
      change = { spelling: null, renamed: null, added: [], removed: [] };
      this.changes.set(key, change);
    }
    return change;
  }

  /** Tags the transaction `key` on `date`, or moves its link to `date`; false when the stored link is newer. */
  async link(transactionId: string, key: string, spelling: string, date: string): Promise<boolean> {
    const id = tagLinkId(transactionId, key);
    const stored = await this.uow.get<TagLinkDoc>(TAG_LINKS_VIEW, this.userId, id);
    if (!isNewerThan(this.event, stored)) return false;
    const change = this.change(key);
    if (stored === null) {
      change.spelling ??= spelling;
      change.added.push(date);
    } else if (stored.doc.date !== date) {
      change.removed.push(stored.doc.date);
      change.added.push(date);
    } else {
      return true;
    }
    const doc: TagLinkDoc = { id, tagKey: key, transactionId, date };
    this.uow.put(TAG_LINKS_VIEW, this.userId, id, doc, this.event.position);
    return true;
  }

  /** Takes a link away; false when it is newer than the event. */
  unlink(stored: StoredDocument<TagLinkDoc>): boolean {
    if (!isNewerThan(this.event, stored)) return false;
    this.change(stored.doc.tagKey).removed.push(stored.doc.date);
    this.uow.remove(TAG_LINKS_VIEW, this.userId, stored.id, this.event.position);
    return true;
  }

  /** Gives the tag the spelling of a rename once the links are written. */
  rename(key: string, spelling: string): void {
    this.change(key).renamed = spelling;
  }

  /** Removes the tag's document (its links are taken away by `unlink`). */
  async drop(key: string): Promise<void> {
    this.changes.delete(key);
    const stored = await this.uow.get(TAGS_VIEW, this.userId, key);
    if (stored !== null && !isNewerThan(this.event, stored)) return;
    this.uow.remove(TAGS_VIEW, this.userId, key, this.event.position);
  }

  /** Writes each changed tag's document: its count, newest date and spelling. */
  async commit(): Promise<void> {
    for (const [key, change] of this.changes) await this.write(key, change);
  }

  private async write(key: string, change: TagChange): Promise<void> {
    const stored = await this.uow.get<TagDoc>(TAGS_VIEW, this.userId, key);
    if (!isNewerThan(this.event, stored)) return;
    const before = stored?.doc ?? null;
    const unused = before === null || before.count === 0;
    const name = change.renamed ?? (unused ? change.spelling : null) ?? before?.name ?? null;
    if (name === null) return;
    let count = before?.count ?? 0;
    let newest = before?.lastUsed ?? null;
    let newestCount = before?.newestCount ?? 0;
    for (const date of change.removed) {
      count -= 1;
      if (date === newest) newestCount -= 1;
    }
    for (const date of change.added) {
      count += 1;
      if (newest === null || date > newest) {
        newest = date;
        newestCount = 1;
      } else if (date === newest) {
        newestCount += 1;
      }
    }
    if (count <= 0) {
      count = 0;
      newest = null;
      newestCount = 0;
    } else if (newestCount <= 0) {
      // The last transaction on the newest date went: the links (this event's included) say which date is newest now.
      const links = await this.uow.findByField<TagLinkDoc>(TAG_LINKS_VIEW, this.userId, 'tagKey', key);
      newest = links.reduce<string | null>(
        (max, link) => (max === null || link.doc.date > max ? link.doc.date : max),
        null,
      );
      newestCount = links.filter((link) => link.doc.date === newest).length;
    }
    const doc: TagDoc = { id: key, name, count, lastUsed: newest, newestCount };
    this.uow.put(TAGS_VIEW, this.userId, key, doc, this.event.position);
  }
}

const linksOf = (uow: UnitOfWork, userId: string, transactionId: string) =>
  uow.findByField<TagLinkDoc>(TAG_LINKS_VIEW, userId, 'transactionId', transactionId);

/**
 * Sets a transaction's tags (null: as they are) on its date (null: as it is). It reads the
 * transaction as it stood before the event: one that already reflects the event had it applied
 * here too (a redelivery), and an edit of a transaction that is not there tags nothing.
 */
async function retag(
  event: RecordedEvent,
  uow: UnitOfWork,
  transactionId: string,
  tags: Map<string, string> | null,
  date: string | null,
  edit: boolean,
): Promise<void> {
  const { userId } = event.metadata;
  const transaction = await uow.get<TransactionView>(TRANSACTIONS_VIEW, userId, transactionId);
  if (!isNewerThan(event, transaction) || (edit && transaction === null)) return;
  const on = date ?? transaction?.doc.date;
  if (on === undefined) return;
  const writes = new TagWrites(event, uow);
  const current = await linksOf(uow, userId, transactionId);
  const next = tags ?? new Map(current.map((link) => [link.doc.tagKey, link.doc.tagKey]));
  for (const link of current) if (!next.has(link.doc.tagKey)) writes.unlink(link);
  for (const [key, spelling] of next) await writes.link(transactionId, key, spelling, on);
  await writes.commit();
}

async function untagAll(event: RecordedEvent, uow: UnitOfWork, transactionId: string): Promise<void> {
  const writes = new TagWrites(event, uow);
  for (const link of await linksOf(uow, event.metadata.userId, transactionId)) writes.unlink(link);
  await writes.commit();
}

/** `from` becomes `to` on every transaction; one that has both keeps one (merge). */
async function renameTag(event: Recorded<Extract<TagEvent, { type: 'TagRenamed' }>>, uow: UnitOfWork): Promise<void> {
  const { from, to } = event.data;
  // Unreadable after an erasure: the erasure removes the user's tags anyway.
  if (typeof from !== 'string' || typeof to !== 'string') return;
  const fromKey = tagKey(from);
  const toKey = tagKey(to);
  const { userId } = event.metadata;
  const writes = new TagWrites(event, uow);
  if (fromKey === toKey) {
    // A respelling ("trip" → "Trip"), of a tag that is there.
    const stored = await uow.get(TAGS_VIEW, userId, fromKey);
    if (stored === null) return;
    writes.rename(fromKey, to);
    await writes.commit();
    return;
  }
  const moving = await uow.findByField<TagLinkDoc>(TAG_LINKS_VIEW, userId, 'tagKey', fromKey);
  let moved = false;
  for (const link of moving) {
    if (!writes.unlink(link)) continue;
    moved = true;
    await writes.link(link.doc.transactionId, toKey, to, link.doc.date);
  }
  await writes.drop(fromKey);
  if (moved) writes.rename(toKey, to);
  await writes.commit();
}

async function deleteTag(event: Recorded<Extract<TagEvent, { type: 'TagDeleted' }>>, uow: UnitOfWork): Promise<void> {
  const { tag } = event.data;
  if (typeof tag !== 'string') return;
  const key = tagKey(tag);
  const writes = new TagWrites(event, uow);
  for (const link of await uow.findByField<TagLinkDoc>(TAG_LINKS_VIEW, event.metadata.userId, 'tagKey', key)) {
    writes.unlink(link);
  }
  await writes.drop(key);
  await writes.commit();
}

/**
 * The user's tags (`tags`: one per tag key with its spelling, how many live transactions carry
 * it and its newest date) and which transaction carries which (`tag_links`, one per pair), so a
 * rename or a deletion finds a tag's transactions without reading every transaction. Renames
 * and deletions come from the profile stream (TagRenamed, TagDeleted).
 */
export const tagsProjection: Projection = {
  name: 'tags',
  views: [tagsView, tagLinksView],
  // Whether a transaction event is new to the transaction, and the date an edit leaves alone.
  reads: [TRANSACTIONS_VIEW],
  handles: ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted', 'TagRenamed', 'TagDeleted'],
  async apply(event, uow) {
    const known = event as Recorded<TransactionEvent | TagEvent>;
    switch (known.type) {
      case 'TransactionAdded': {
        const tags = byKey(known.data.tags);
        // Most transactions have no tag, and a stream's first event has nothing to untag.
        if (tags.size === 0 && known.revision === 0) return;
        return retag(known, uow, known.data.transactionId, tags, known.data.date, false);
      }
      case 'TransactionEdited': {
        const { tags, date } = known.data.changes;
        if (tags === undefined && date === undefined) return;
        return retag(known, uow, known.data.transactionId, tags === undefined ? null : byKey(tags), date ?? null, true);
      }
      case 'TransactionDeleted':
        return untagAll(known, uow, known.data.transactionId);
      case 'TagRenamed':
        return renameTag(known, uow);
      case 'TagDeleted':
        return deleteTag(known, uow);
      default:
        return;
    }
  },
};
