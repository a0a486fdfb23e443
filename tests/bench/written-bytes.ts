import { readFileSync } from 'node:fs';

/** Bytes the process (every thread) has had written to storage so far (Linux), or null elsewhere. */
export function writtenBytes(): number | null {
  try {
    const line = readFileSync('/proc/self/io', 'utf8')
      .split('\n')
      .find((text) => text.startsWith('write_bytes:'));
    return line === undefined ? null : Number(line.slice('write_bytes:'.length));
  } catch {
    return null;
  }
}
