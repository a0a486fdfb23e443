import { strFromU8 } from 'fflate';
import { expect } from 'vitest';

/** RFC 4180: records end in CRLF; quoted fields may hold commas, CRLF and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

/** A CSV file's text after its byte order mark, which it must start with. */
export function csvText(bytes: Uint8Array): string {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return strFromU8(bytes.subarray(3));
}
