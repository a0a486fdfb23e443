#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the embedded default in this process.
// `npm run rebuild [-- --view <name>] [--check]`: the same back-end build, then replays the event
// store into new read models that replace the live ones at the end (or, with --check, compares
// a replay with them); the web app is not needed for it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function run(command, args) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

// tsc -b is incremental: it compiles only projects whose sources changed.
process.stdout.write('Plenty: checking the build…\n');
run(bin('tsc'), ['-b']);

const rebuilding = process.argv.includes('--rebuild');
const frontendIndex = join(root, 'frontend', 'dist', 'index.html');
const frontendStale =
  !existsSync(frontendIndex) ||
  newestMtime(join(root, 'frontend', 'src')) > statSync(frontendIndex).mtimeMs ||
  newestMtime(join(root, 'locales')) > statSync(frontendIndex).mtimeMs;
if (frontendStale && !rebuilding) {
  process.stdout.write('Plenty: building the web app…\n');
  run('npm', ['run', '--silent', 'build', '-w', 'frontend']);
}

const entry = rebuilding ? 'rebuild.js' : 'main.js';
await import(join(root, 'standalone', 'dist', entry));
