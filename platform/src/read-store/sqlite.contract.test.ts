import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { readStoreContract } from './read-store.contract.js';
import { openSqliteReadStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

readStoreContract('SQLite', () => openSqliteReadStore({ path: join(dir, `${randomUUID()}.db`) }));

// The in-memory store the projection tests use (`projector/src/testing/memory-read-store.ts`).
readStoreContract('SQLite in memory', () => openSqliteReadStore({ path: ':memory:' }));
