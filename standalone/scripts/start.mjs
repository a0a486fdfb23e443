#!/usr/bin/env node
// `npm start`: builds what is missing or stale (see build.mjs), then runs the embedded default in
// this process.
// `npm run rebuild [-- --view <name>] [--check]`: the same back-end build, then replays the event
// store into new read models that replace the live ones at the end (or, with --check, compares
// a replay with them); the web app is not needed for it.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './build.mjs';

const rebuilding = process.argv.includes('--rebuild');
try {
  await ensureBuilt({ web: !rebuilding });
} catch (error) {
  process.stderr.write(`Plenty: the build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const entry = rebuilding ? 'rebuild.js' : 'main.js';
await import(pathToFileURL(join(root, 'standalone', 'dist', entry)).href);
