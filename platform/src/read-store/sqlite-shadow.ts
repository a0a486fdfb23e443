import type Database from 'better-sqlite3';
import { SHADOW_TAG, type Promotion } from './port.js';
import { tableOf } from './sqlite-schema.js';
import { searchTablesOf } from './sqlite-search.js';

/*
 * Shadow copies of views in SQLite (`view_<name>__<tag>` tables), built beside the live ones by
 * a rebuild and promoted over them when complete. The caller forgets its prepared statements
 * after a change of tables.
 */

/** The names of every table of a prefix, live and shadow. */
function tablesOf(db: Database.Database, prefix: string): string[] {
  return db
    .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
    .all()
    .map((t) => t.name)
    .filter((name) => name.startsWith(prefix));
}

/** The names of every view table, live and shadow. */
const viewTables = (db: Database.Database): string[] => tablesOf(db, 'view_');

/**
 * One transaction: each live table is dropped and its shadow renamed in its place, the
 * records are written and the shadow's checkpoint removed. Readers on other connections
 * see the old tables or the new ones, never a mix; their prepared statements are prepared
 * again by SQLite on the changed schema.
 */
export function promoteShadow(db: Database.Database, promotion: Promotion): void {
  const { tag, views } = promotion;
  if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
  const existing = new Set([...viewTables(db), ...tablesOf(db, 'fts_'), ...tablesOf(db, 'ftk_')]);
  for (const view of views) {
    if (!existing.has(tableOf(view.name, tag))) throw new Error(`no shadow copy of ${view.name} under ${tag}`);
  }
  db.transaction(() => {
    for (const view of views) {
      db.exec(`DROP TABLE IF EXISTS ${tableOf(view.name, null)}`);
      db.exec(`ALTER TABLE ${tableOf(view.name, tag)} RENAME TO ${tableOf(view.name, null)}`);
      // The search tables go with their view (FTS5 renames its own shadow tables).
      const live = searchTablesOf(tableOf(view.name, null));
      const shadow = searchTablesOf(tableOf(view.name, tag));
      for (const kind of ['fts', 'keys'] as const) {
        db.exec(`DROP TABLE IF EXISTS ${live[kind]}`);
        if (existing.has(shadow[kind])) db.exec(`ALTER TABLE ${shadow[kind]} RENAME TO ${live[kind]}`);
      }
    }
    const upsert = db.prepare(
      'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
    );
    for (const [name, value] of Object.entries(promotion.records)) upsert.run(name, value);
    db.prepare('DELETE FROM checkpoints WHERE name = ?').run(promotion.shadowCheckpoint);
  })();
}

/** Drops a shadow's tables and, when named, its checkpoint, in one transaction. */
export function dropShadow(db: Database.Database, tag: string, checkpointName?: string): void {
  if (!SHADOW_TAG.test(tag)) throw new Error(`not a valid shadow tag: ${tag}`);
  // A view's FTS table (`fts_x__tag`) drops its own FTS5 tables (`fts_x__tag_data`, …) with it.
  const shadows = [...viewTables(db), ...tablesOf(db, 'fts_'), ...tablesOf(db, 'ftk_')].filter((name) =>
    name.endsWith(`__${tag}`),
  );
  db.transaction(() => {
    for (const name of shadows) db.exec(`DROP TABLE IF EXISTS ${name}`);
    if (checkpointName !== undefined) db.prepare('DELETE FROM checkpoints WHERE name = ?').run(checkpointName);
  })();
}

/** The tags of the shadows present, sorted. */
export function shadowTags(db: Database.Database): string[] {
  const tags = viewTables(db)
    .map((name) => /__([a-z0-9]{1,16})$/.exec(name)?.[1])
    .filter((tag): tag is string => tag !== undefined);
  return [...new Set(tags)].sort();
}
