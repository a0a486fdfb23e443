import { ANY, NO_STREAM, START as ESDB_START } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import {
  DELETED_STREAMS_STREAM,
  STREAM_DELETED_EVENT_TYPE,
  deletedStreamOf,
  formatEsdbPosition,
  fromEsdbCurrentRevision,
  isSystemEvent,
  parseEsdbPosition,
  toEsdbExpectedRevision,
  toRecordedEvent,
} from './esdb-mapping.js';
import { newEvent } from './esdb.fixture.js';
import { START, comparePositions } from './port.js';

describe('EventStoreDB mappings', () => {
  it('formats positions as commit/prepare and reads them back, START as the start of $all', () => {
    expect(formatEsdbPosition({ commit: 1234n, prepare: 1200n })).toBe('1234/1200');
    expect(formatEsdbPosition({ commit: 2n ** 63n, prepare: 5n })).toBe('9223372036854775808/5');
    expect(parseEsdbPosition('1234/1200')).toEqual({ commit: 1234n, prepare: 1200n });
    expect(parseEsdbPosition('77')).toEqual({ commit: 77n, prepare: 0n });
    expect(parseEsdbPosition(START)).toBe(ESDB_START);
    expect(parseEsdbPosition('0/0')).toBe(ESDB_START);
    expect(() => parseEsdbPosition('start')).toThrow(RangeError);
    expect(() => parseEsdbPosition('1/2/3')).toThrow(RangeError);
  });

  it('formats positions that comparePositions orders like EventStoreDB does', () => {
    const positions = [
      { commit: 9n, prepare: 9n },
      { commit: 10n, prepare: 3n },
      { commit: 10n, prepare: 10n },
      { commit: 100n, prepare: 0n },
    ].map(formatEsdbPosition);
    expect([...positions].reverse().sort(comparePositions)).toEqual(positions);
    expect(comparePositions(START, positions[0] ?? '')).toBe(-1);
  });

  it('maps expected revisions to the client and current revisions back', () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(0)).toBe(0n);
    expect(toEsdbExpectedRevision(41)).toBe(41n);
    expect(() => toEsdbExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toEsdbExpectedRevision(1.5)).toThrow(RangeError);
    expect(fromEsdbCurrentRevision(NO_STREAM)).toBe('no_stream');
    expect(fromEsdbCurrentRevision(7n)).toBe(7);
  });

  it('recognises system events and deletion markers', () => {
    expect(isSystemEvent({ streamId: 'a-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$$a-1', type: 'Anything' })).toBe(true);
    expect(isSystemEvent({ streamId: 'a-1', type: 'Happened' })).toBe(false);
    const marker = { streamId: DELETED_STREAMS_STREAM, type: STREAM_DELETED_EVENT_TYPE, data: { streamId: 'a-1' } };
    expect(deletedStreamOf(marker)).toBe('a-1');
    expect(deletedStreamOf({ ...marker, data: Buffer.from('{"streamId":"a-2"}') })).toBe('a-2');
    expect(deletedStreamOf({ ...marker, streamId: 'other' })).toBeNull();
    expect(deletedStreamOf({ ...marker, data: { streamId: 3 } })).toBeNull();
  });

  it('maps a recorded event: numbers for revisions, ISO recordedAt, JSON metadata, position', () => {
    const metadata = newEvent().metadata;
    const recorded = toRecordedEvent({
      streamId: 's-1',
      id: 'e-1',
      isJson: true,
      revision: 3n,
      type: 'Happened',
      created: new Date('2026-02-03T04:05:06.789Z'),
      data: { a: 1 },
      metadata: Buffer.from(JSON.stringify(metadata)),
      position: { commit: 500n, prepare: 450n },
    });
    expect(recorded).toEqual({
      id: 'e-1',
      type: 'Happened',
      data: { a: 1 },
      metadata,
      streamId: 's-1',
      revision: 3,
      position: '500/450',
      recordedAt: '2026-02-03T04:05:06.789Z',
    });
  });
});
