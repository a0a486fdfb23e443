import { Binary, type Document } from 'mongodb';

/** Filters, sorts, aggregation and BSON-like copies of the in-memory MongoDB stand-in (mongo-fake.ts). */

type Value = unknown;

function typeRank(value: Value): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  return 3;
}

export function compareValues(a: Value, b: Value): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    const x = Buffer.from(a, 'utf8');
    const y = Buffer.from(b, 'utf8');
    return Buffer.compare(x, y);
  }
  const x = JSON.stringify(a ?? null);
  const y = JSON.stringify(b ?? null);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const equal = (a: Value, b: Value) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : compareValues(a, b) === 0;

export function valueAt(doc: Document, path: string): Value {
  let current: Value = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, Value>)[part];
  }
  return current;
}

export function isOperatorObject(condition: Value): condition is Record<string, Value> {
  return (
    condition !== null &&
    typeof condition === 'object' &&
    !Array.isArray(condition) &&
    Object.keys(condition).length > 0 &&
    Object.keys(condition).every((k) => k.startsWith('$'))
  );
}

function comparable(a: Value, b: Value): boolean {
  return typeRank(a) === typeRank(b) && typeRank(a) !== 0;
}

function matchesCondition(value: Value, condition: Value): boolean {
  if (!isOperatorObject(condition)) return equal(value, condition);
  return Object.entries(condition).every(([operator, operand]) => {
    switch (operator) {
      case '$eq':
        return equal(value, operand);
      case '$ne':
        return !equal(value, operand);
      case '$gt':
        return comparable(value, operand) && compareValues(value, operand) > 0;
      case '$gte':
        return comparable(value, operand) && compareValues(value, operand) >= 0;
      case '$lt':
        return comparable(value, operand) && compareValues(value, operand) < 0;
      case '$lte':
        return comparable(value, operand) && compareValues(value, operand) <= 0;
      case '$in':
        return (operand as Value[]).some((o) => equal(value, o));
      case '$regex':
        return typeof value === 'string' && new RegExp(operand as string).test(value);
      case '$exists':
        return (value !== undefined) === operand;
      default:
        throw new Error(`fake MongoDB does not support ${operator}`);
    }
  });
}

export function matches(doc: Document, filter: Document): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$or') return (condition as Document[]).some((f) => matches(doc, f));
    if (key === '$and') return (condition as Document[]).every((f) => matches(doc, f));
    if (key.startsWith('$')) throw new Error(`fake MongoDB does not support ${key}`);
    const value = valueAt(doc, key);
    // An array field matches when the array itself or one of its elements does (a multikey field).
    if (Array.isArray(value) && !(isOperatorObject(condition) && ('$ne' in condition || '$exists' in condition))) {
      return matchesCondition(value, condition) || value.some((element) => matchesCondition(element, condition));
    }
    return matchesCondition(value, condition);
  });
}

export type SortSpec = readonly (readonly [string, 1 | -1 | 'asc' | 'desc'])[] | Readonly<Record<string, 1 | -1>>;

function sortEntries(sort: SortSpec): [string, 1 | -1][] {
  const entries = Array.isArray(sort) ? sort : Object.entries(sort);
  return entries.map(([path, d]: readonly [string, 1 | -1 | 'asc' | 'desc']) => [
    path,
    d === -1 || d === 'desc' ? -1 : 1,
  ]);
}

/** The documents in the order a find with this sort returns them. */
export function sortDocuments<T extends Document>(docs: readonly T[], sort: SortSpec): T[] {
  const keys = sortEntries(sort);
  return [...docs].sort((a, b) => {
    for (const [path, d] of keys) {
      const c = compareValues(valueAt(a, path), valueAt(b, path));
      if (c !== 0) return c * d;
    }
    return 0;
  });
}

/** A deep copy that keeps BSON values (Binary, Date) what they are, as the driver returns them. */
export function clone<T>(value: T): T {
  if (value instanceof Binary) return new Binary(value.value(), value.sub_type) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Uint8Array) return new Binary(Uint8Array.from(value)) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => clone(item)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    // The driver stores undefined as null unless told to ignore it.
    for (const [k, v] of Object.entries(value)) copy[k] = v === undefined ? null : clone(v);
    return copy as T;
  }
  return value;
}

/** The arithmetic operators the read store's sums use, on numbers; anything else is null. */
const OPERATORS: Record<string, (args: readonly Value[]) => Value> = {
  $divide: ([a, b]) => (typeof a === 'number' && typeof b === 'number' ? a / b : null),
  $mod: ([a, b]) => (typeof a === 'number' && typeof b === 'number' ? a % b : null),
  $trunc: ([a]) => (typeof a === 'number' ? Math.trunc(a) : null),
};

/** A field path (`$f.type`), an operator (`{ $mod: [...] }`) or a constant, evaluated on a document. */
function evaluate(doc: Document, expression: Value): Value {
  if (typeof expression === 'string' && expression.startsWith('$')) return valueAt(doc, expression.slice(1)) ?? null;
  if (expression !== null && typeof expression === 'object' && !Array.isArray(expression)) {
    const [name, operand] = Object.entries(expression)[0] ?? [];
    const operator = name === undefined ? undefined : OPERATORS[name];
    if (operator !== undefined) {
      const args = Array.isArray(operand) ? operand : [operand as Value];
      return operator(args.map((arg) => evaluate(doc, arg)));
    }
  }
  return expression;
}

export function group(rows: readonly Document[], spec: Document): Document[] {
  const { _id: idSpec, ...accumulators } = spec;
  const groups = new Map<string, Document>();
  for (const doc of rows) {
    const id =
      idSpec !== null && typeof idSpec === 'object'
        ? Object.fromEntries(Object.entries(idSpec as Document).map(([k, e]) => [k, evaluate(doc, e)]))
        : evaluate(doc, idSpec);
    const key = JSON.stringify(id);
    const current = groups.get(key) ?? { _id: id, ...Object.fromEntries(Object.keys(accumulators).map((k) => [k, 0])) };
    for (const [name, accumulator] of Object.entries(accumulators)) {
      const operand = (accumulator as { $sum?: Value }).$sum;
      if (operand === undefined) throw new Error(`fake MongoDB supports only $sum in $group`);
      const value = evaluate(doc, operand);
      if (typeof value === 'number') current[name] = (current[name] as number) + value;
    }
    groups.set(key, current);
  }
  return [...groups.values()];
}
