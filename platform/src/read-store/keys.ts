import type { Position } from '../event-store/port.js';
import { InvalidCursorError } from './port.js';

/** A key that sorts like the position: each part zero-padded to 20 digits. */
export function positionKey(position: Position): string {
  return position
    .split('/')
    .map((part) => part.padStart(20, '0'))
    .join('/');
}

type CursorValue = string | number | null;

export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The sort values of the last row of the previous page; InvalidCursorError when malformed. */
export function decodeCursor(cursor: string, length: number): (string | number)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('malformed cursor');
  }
  if (!Array.isArray(values) || values.length !== length) throw new InvalidCursorError('malformed cursor');
  return values.map((value: unknown) => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
    throw new InvalidCursorError('malformed cursor');
  });
}
