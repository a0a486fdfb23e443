import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, IMPORT_ROWS_PATH } from '@plenty/contracts/imports';
import { ApiClient } from '../support/api-client.js';
import { expenseRow, fileSha, startImport } from '../support/import-batches.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import {
  edgeNumbers,
  hostileValue,
  paths,
  POLLUTING_KEYS,
  rawBodies,
  replaced,
  type Payload,
} from '../security/hostile-input.js';

/*
 * The rows route under hostile bodies: whatever arrives, never a server error; a refused request
 * (400, 404, 413, 415, 422) answers an error code and writes nothing.
 */

const env = useTestStandalone({ commandsPerMinutePerUser: 0 });
const users = useTestUsers(env, ['importer']);
let batchId = '';

beforeAll(async () => {
  const api = new ApiClient(env.standalone.app, users.importer);
  const started = await startImport(api, users.importer, fileSha(), IMPORT_MAX_ROWS);
  expect(started.answer.status).toBe(200);
  batchId = started.batchId;
});

/** A request the route takes: two rows of the batch (row numbers of the run, so some are new). */
const validBody = (first: number) => ({ batchId, rows: [expenseRow(first), expenseRow(first + 1)] });

const fuzzedBody = fc.integer({ min: 0, max: IMPORT_MAX_ROWS - 2 }).chain((first) => {
  const valid = validBody(first);
  const row = valid.rows[0] as unknown as Record<string, unknown>;
  const rowWith = (path: string[], value: unknown) => ({ ...valid, rows: [replaced(row, path, value), valid.rows[1]] });
  const ways: fc.Arbitrary<Payload>[] = [
    fc.constant({ kind: 'json' as const, value: valid }),
    // One field of a row, or of the body, made an edge number or any hostile value.
    ...[edgeNumbers, hostileValue].map((values: fc.Arbitrary<unknown>) =>
      fc
        .tuple(fc.constantFrom(...paths(row)), values)
        .map(([path, value]) => ({ kind: 'json' as const, value: rowWith(path, value) })),
    ),
    fc.tuple(fc.constantFrom('batchId', 'rows'), hostileValue).map(([key, value]) => ({
      kind: 'json' as const,
      value: { ...valid, [key]: value },
    })),
    fc
      .tuple(fc.constantFrom(...POLLUTING_KEYS, 'userId', 'import', 'transactionId'), hostileValue)
      .map(([key, value]) => ({ kind: 'json' as const, value: rowWith([key], value) })),
    // The same row twice, a row past the batch, too many rows.
    fc.constantFrom(
      { kind: 'json' as const, value: { batchId, rows: [expenseRow(first), expenseRow(first)] } },
      { kind: 'json' as const, value: { batchId, rows: [expenseRow(IMPORT_MAX_ROWS)] } },
      { kind: 'json' as const, value: { batchId, rows: Array.from({ length: 501 }, (_, i) => expenseRow(i)) } },
      { kind: 'json' as const, value: { batchId: '00000000-0000-4000-8000-000000000000', rows: valid.rows } },
    ),
    hostileValue.map((value) => ({ kind: 'json' as const, value })),
    rawBodies.map((bytes) => ({ kind: 'raw' as const, bytes })),
  ];
  return fc.oneof(...ways);
});

describe('the rows route under hostile bodies', () => {
  it('never answers a server error and writes nothing when it refuses', async () => {
    const { eventStore } = env.standalone;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fuzzedBody, async (payload) => {
        const before = await eventStore.headPosition();
        const response = await env.standalone.app.inject({
          method: 'POST',
          url: IMPORT_ROWS_PATH,
          headers: { authorization: users.importer.authorization, 'content-type': 'application/json' },
          payload: payload.kind === 'raw' ? payload.bytes : Buffer.from(JSON.stringify(payload.value) ?? 'null'),
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
        if (response.statusCode !== 200) {
          refused += 1;
          expect(typeof (response.json() as { error?: { code?: unknown } }).error?.code).toBe('string');
          expect(await eventStore.headPosition(), response.body.slice(0, 300)).toBe(before);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 300 },
    );
    expect(refused).toBeGreaterThan(100);
  });
});
