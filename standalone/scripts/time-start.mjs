#!/usr/bin/env node
// Times `npm start` (`node standalone/scripts/start.mjs`) from launch until `/readyz` answers 200,
// on a fresh data folder and a free port, and prints the wall time and the CPU seconds of the
// process and of the children it waited for (the web app's build).
//
//   node standalone/scripts/time-start.mjs            # as the checkout is (a later start)
//   node standalone/scripts/time-start.mjs --first    # after removing every build (a first start)
//   node standalone/scripts/time-start.mjs --runs 3   # several times, one after the other
//   node standalone/scripts/time-start.mjs --script <file>   # another start script (a before)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_PACKAGES, root } from './build.mjs';

const args = process.argv.slice(2);
const first = args.includes('--first');
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 1 : Number(args[runsAt + 1]);
const scriptAt = args.indexOf('--script');
const script = scriptAt === -1 ? join(root, 'standalone', 'scripts', 'start.mjs') : resolve(args[scriptAt + 1]);

const freePort = () =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });

/** CPU seconds of a live process and of the children it has waited for, from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime, stime, cutime, cstime are fields 14–17 of stat; here 0-based after the name: 11–14.
  const ticks = fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
  return ticks / 100;
}

async function once() {
  if (first) {
    // As a fresh clone has it: no build, and no record of what `tsc -b` built.
    for (const pkg of [...SERVER_PACKAGES, 'frontend', 'tests']) {
      rmSync(join(root, pkg, 'dist'), { recursive: true, force: true });
      rmSync(join(root, pkg, 'tsconfig.tsbuildinfo'), { force: true });
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'plenty-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    for (;;) {
      if (exited) throw new Error('npm start stopped before it was ready');
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
    return { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolveExit) => (exited ? resolveExit() : child.on('exit', resolveExit)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let run = 1; run <= runs; run += 1) {
  const load = loadavg()[0].toFixed(2);
  const { wall, cpu } = await once();
  console.log(
    `${first ? 'first' : 'later'} start ${run}: ready in ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU (load average ${load})`,
  );
}
