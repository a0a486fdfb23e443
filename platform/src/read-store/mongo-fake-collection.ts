import { MongoServerError, type Document } from 'mongodb';
import type { FakeDb } from './mongo-fake.js';
import {
  clone,
  equal,
  group,
  isOperatorObject,
  matches,
  sortDocuments,
  valueAt,
  type SortSpec,
} from './mongo-fake-query.js';

type Value = unknown;

function duplicateKey(collection: string, index: string): MongoServerError {
  const error = new MongoServerError({
    message: `E11000 duplicate key error collection: ${collection} index: ${index}`,
  });
  error.code = 11000;
  return error;
}

interface IndexSpec {
  key: Record<string, number>;
  name?: string;
  unique?: boolean;
  partialFilterExpression?: Document;
}

interface Options {
  session?: unknown;
  sort?: SortSpec;
  limit?: number;
  upsert?: boolean;
}

export class FakeCollection {
  readonly indexes: IndexSpec[] = [];

  constructor(
    private readonly db: FakeDb,
    readonly name: string,
  ) {}

  private get rows(): Map<string, Document> {
    return this.db.rows(this.name);
  }

  private check(options: Options | undefined): void {
    this.db.client.checkSession(options?.session, `${this.name}`);
  }

  async createIndexes(specs: IndexSpec[]): Promise<string[]> {
    this.db.rows(this.name);
    for (const spec of specs) {
      const name = spec.name ?? Object.keys(spec.key).join('_');
      const existing = this.indexes.find((i) => (i.name ?? '') === name);
      if (existing === undefined) this.indexes.push({ ...spec, name });
      // As MongoDB answers IndexOptionsConflict: the same name with other keys or options.
      else if (
        JSON.stringify([existing.key, existing.unique ?? false, existing.partialFilterExpression ?? null]) !==
        JSON.stringify([spec.key, spec.unique ?? false, spec.partialFilterExpression ?? null])
      )
        throw new Error(`index ${name} conflicts`);
    }
    this.db.client.log.push(`createIndexes ${this.name} ${specs.map((s) => s.name).join(',')}`);
    return specs.map((s) => s.name ?? '');
  }

  /** The collection's indexes, as the driver's cursor gives them (`toArray`). */
  listIndexes(): { toArray: () => Promise<IndexSpec[]> } {
    return { toArray: async () => this.indexes.map((index) => ({ ...index })) };
  }

  async createIndex(key: Record<string, number>, options: { unique?: boolean; name?: string } = {}): Promise<string> {
    const [name] = await this.createIndexes([
      { key, name: options.name ?? Object.keys(key).join('_'), unique: options.unique ?? false },
    ]);
    return name ?? '';
  }

  private all(filter: Document): Document[] {
    const id: Value = filter._id;
    let candidates: Iterable<Document> = this.rows.values();
    if (id !== undefined && !isOperatorObject(id)) candidates = [this.rows.get(JSON.stringify(id))].filter((d) => !!d);
    else if (isOperatorObject(id) && Object.keys(id).length === 1 && Array.isArray(id.$in)) {
      candidates = id.$in.map((key) => this.rows.get(JSON.stringify(key))).filter((d): d is Document => !!d);
    }
    return [...candidates].filter((doc) => matches(doc, filter));
  }

  find(filter: Document = {}, options: Options = {}): { toArray(): Promise<Document[]> } {
    this.check(options);
    let found = this.all(filter);
    if (options.sort !== undefined) found = sortDocuments(found, options.sort);
    if (options.limit !== undefined && options.limit > 0) found = found.slice(0, options.limit);
    const result = found.map(clone);
    this.db.client.log.push(`find ${this.name}`);
    return { toArray: async () => result };
  }

  /** `$match` then `$group` with `$sum` accumulators, the pipelines the read store runs. */
  aggregate(pipeline: readonly Document[], options: Options = {}): { toArray(): Promise<Document[]> } {
    this.check(options);
    let rows = [...this.rows.values()];
    for (const stage of pipeline) {
      const [operator, spec] = Object.entries(stage)[0] ?? [];
      if (operator === '$match') rows = rows.filter((doc) => matches(doc, spec as Document));
      else if (operator === '$group') rows = group(rows, spec as Document);
      else throw new Error(`fake MongoDB does not support ${operator}`);
    }
    const result = rows.map(clone);
    return { toArray: async () => result };
  }

  async findOne(filter: Document = {}, options: Options = {}): Promise<Document | null> {
    this.check(options);
    const [found] = this.all(filter);
    return found === undefined ? null : clone(found);
  }

  private store(doc: Document, replacing?: Document): void {
    for (const index of this.indexes.filter((i) => i.unique === true)) {
      const paths = Object.keys(index.key);
      const clash = [...this.rows.values()].find(
        (other) => other !== replacing && paths.every((p) => equal(valueAt(other, p), valueAt(doc, p))),
      );
      if (clash !== undefined) throw duplicateKey(this.name, index.name ?? '');
    }
    const id = JSON.stringify(doc._id);
    const existing = this.rows.get(id);
    if (existing !== undefined && existing !== replacing) throw duplicateKey(this.name, '_id_');
    if (replacing !== undefined) this.rows.delete(JSON.stringify(replacing._id));
    this.rows.set(id, clone(doc));
  }

  private upsertedId(filter: Document): Value {
    if (Object.hasOwn(filter, '_id') && !isOperatorObject(filter._id)) return filter._id;
    return `generated-${this.rows.size}-${Math.random()}`;
  }

  async insertOne(doc: Document, options: Options = {}): Promise<{ insertedId: Value }> {
    this.check(options);
    this.store(doc);
    this.db.client.log.push(`insertOne ${this.name}`);
    return { insertedId: doc._id };
  }

  async replaceOne(filter: Document, replacement: Document, options: Options = {}): Promise<{ matchedCount: number }> {
    this.check(options);
    this.db.client.log.push(`replaceOne ${this.name}`);
    const [target] = this.all(filter);
    if (target !== undefined) {
      this.store({ ...replacement, _id: target._id }, target);
      return { matchedCount: 1 };
    }
    if (options.upsert === true) this.store({ ...replacement, _id: this.upsertedId(filter) });
    return { matchedCount: 0 };
  }

  async updateOne(
    filter: Document,
    update: { $set?: Document; $setOnInsert?: Document },
    options: Options = {},
  ): Promise<{ matchedCount: number }> {
    this.check(options);
    const [target] = this.all(filter);
    if (target !== undefined) {
      const updated = clone(target);
      Object.assign(updated, update.$set ?? {});
      this.store(updated, target);
      return { matchedCount: 1 };
    }
    if (options.upsert === true) {
      const base: Document = {};
      for (const [k, v] of Object.entries(filter)) if (!k.startsWith('$') && !isOperatorObject(v)) base[k] = v;
      this.store({ ...base, ...(update.$setOnInsert ?? {}), ...(update.$set ?? {}), _id: this.upsertedId(filter) });
    }
    return { matchedCount: 0 };
  }

  async deleteOne(filter: Document = {}, options: Options = {}): Promise<{ deletedCount: number }> {
    this.check(options);
    const [target] = this.all(filter);
    if (target === undefined) return { deletedCount: 0 };
    this.rows.delete(JSON.stringify(target._id));
    return { deletedCount: 1 };
  }

  async deleteMany(filter: Document = {}, options: Options = {}): Promise<{ deletedCount: number }> {
    this.check(options);
    const targets = this.all(filter);
    for (const target of targets) this.rows.delete(JSON.stringify(target._id));
    this.db.client.log.push(`deleteMany ${this.name}`);
    return { deletedCount: targets.length };
  }

  async bulkWrite(
    operations: readonly Record<string, Record<string, unknown>>[],
    options: Options = {},
  ): Promise<{ ok: 1 }> {
    this.check(options);
    this.db.client.log.push(`bulkWrite ${this.name} ${operations.length}`);
    for (const operation of operations) {
      const [kind, model] = Object.entries(operation)[0] ?? [];
      if (kind === 'replaceOne' && model !== undefined) {
        await this.replaceOne(model.filter as Document, model.replacement as Document, {
          upsert: model.upsert === true,
          session: options.session,
        });
      } else if (kind === 'updateOne' && model !== undefined) {
        await this.updateOne(model.filter as Document, model.update as { $set?: Document }, {
          upsert: model.upsert === true,
          session: options.session,
        });
      } else throw new Error(`fake bulkWrite does not support ${kind}`);
    }
    return { ok: 1 };
  }

  async drop(): Promise<boolean> {
    this.db.client.checkSession(undefined, this.name);
    this.indexes.length = 0;
    return this.db.drop(this.name);
  }

  /** Every stored document, for assertions. */
  documents(): Document[] {
    return [...this.rows.values()].map(clone);
  }
}
