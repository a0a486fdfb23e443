// What `npm start` and `npm run rebuild` need to run, built only when its inputs changed.
//
// - The server packages are transpiled file by file with TypeScript's `transpileModule` (no type
//   check: `npm test` does that) into the layout `tsc -b` writes (`<package>/dist/**/*.js` and
//   `.js.map`), without the test files.
// - The web app is built by Vite in a child process at the same time.
// - Each output carries the hash of its inputs and, for each file it emitted, that file's size,
//   modification time and hash (`.plenty-build.json`). An output is left alone, so a later start
//   builds nothing, only when its inputs' hash matches and every file it emitted is still there
//   as written: a developer's own `tsc -b`, or a branch switch between builds, can leave in `dist`
//   files that the stamp does not describe, and that package is then built again. Size and time
//   are enough when they match; a file whose time changed is hashed (rewritten with the same
//   bytes, it is still good). A `.js` file the build did not emit (not a test) counts as a change.
// - Every output is built in `.tmp/build-<pid>/` and renamed into place only when complete, so a
//   failed or killed build never leaves a half-built `dist` that a later start would take as good.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'package.json'));

/** The server packages `standalone` runs, in any order: each file is transpiled on its own. */
export const SERVER_PACKAGES = [
  'contracts',
  'platform',
  'projections',
  'command-api',
  'projector',
  'query-api',
  'standalone',
];

const STAMP = '.plenty-build.json';
const TMP = join(root, '.tmp');
const thisScript = fileURLToPath(import.meta.url);

/** Every file under `dir`, relative to `root`, sorted; `node_modules`, `dist` and `.tmp` left out. */
function filesUnder(dir) {
  const out = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '.tmp') continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(relative(root, child));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** A hash of the files' paths and bytes and of a few extra strings (versions, environment). */
function hashOf(files, extra) {
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    const path = join(root, file);
    hash.update(`${file.split(sep).join('/')}\0`);
    hash.update(existsSync(path) ? readFileSync(path) : '<missing>');
    hash.update('\0');
  }
  for (const value of extra) hash.update(`${value}\0`);
  return hash.digest('hex');
}

/** Every file under `dist`, relative to it with `/` separators, the stamp left out, sorted. */
function emittedFiles(dist) {
  const out = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && child !== join(dist, STAMP)) out.push(relative(dist, child).split(sep).join('/'));
    }
  };
  if (existsSync(dist)) walk(dist);
  return out.sort();
}

const fileHash = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * Writes the stamp of a complete build in `dist`: the hash of its inputs and each emitted file's
 * size, modification time (as the disk reports it) and hash.
 */
export function writeStamp(dist, hash) {
  const files = {};
  for (const file of emittedFiles(dist)) {
    const path = join(dist, file);
    const { size, mtimeMs } = statSync(path);
    files[file] = { size, mtimeMs, sha256: fileHash(path) };
  }
  writeFileSync(join(dist, STAMP), `${JSON.stringify({ hash, files })}\n`);
}

/**
 * Whether `dist` holds what a build of inputs `hash` emitted, as it emitted it: the stamp's hash
 * matches, every file it lists is there with its size and either its time or (rewritten with the
 * same bytes) its hash, and no other JavaScript (tests aside) was added. Files whose time changed
 * but not their bytes get their new time recorded, so they are hashed once, not at every start.
 */
export function isBuilt(dist, hash) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(dist, STAMP), 'utf8'));
  } catch {
    return false;
  }
  if (stamp?.hash !== hash || typeof stamp.files !== 'object' || stamp.files === null) return false;
  let retimed = false;
  for (const [file, recorded] of Object.entries(stamp.files)) {
    const path = join(dist, file);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return false;
    }
    if (stat.size !== recorded.size) return false;
    if (stat.mtimeMs === recorded.mtimeMs) continue;
    if (fileHash(path) !== recorded.sha256) return false;
    recorded.mtimeMs = stat.mtimeMs;
    retimed = true;
  }
  for (const file of emittedFiles(dist)) {
    if (file.endsWith('.js') && !file.endsWith('.test.js') && !(file in stamp.files)) return false;
  }
  if (retimed) {
    try {
      writeFileSync(join(dist, STAMP), `${JSON.stringify(stamp)}\n`);
    } catch {
      // Only a saving for the next start: it hashes those files again.
    }
  }
  return true;
}

const versionOf = (name) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;

/** What a server package's JavaScript depends on: its sources, its configuration, the compiler. */
function serverInputs(pkg) {
  const files = [
    ...filesUnder(join(root, pkg, 'src')),
    join(pkg, 'package.json'),
    join(pkg, 'tsconfig.json'),
    'tsconfig.base.json',
    relative(root, thisScript),
  ];
  return hashOf(files, [`typescript ${versionOf('typescript')}`]);
}

/**
 * What the web app's build depends on: its sources and configuration, the contracts and catalogs
 * it bundles, the installed packages (the lockfiles) and the `VITE_*` variables it embeds.
 */
function webInputs() {
  const files = [
    ...filesUnder(join(root, 'frontend')),
    ...filesUnder(join(root, 'contracts', 'src')),
    ...filesUnder(join(root, 'locales')),
    'package.json',
    'package-lock.json',
    join('node_modules', '.package-lock.json'),
    relative(root, thisScript),
  ];
  const env = Object.keys(process.env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()
    .map((key) => `${key}=${process.env[key]}`);
  return hashOf(files, env);
}

/** Puts a complete build in place of `dist`; for a moment there is none, never a partial one. */
function swapIn(built, dist) {
  const old = `${built}.old`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(built, dist);
  rmSync(old, { recursive: true, force: true });
}

/** Build folders of earlier builds that were killed (their process is gone). */
function removeAbandonedBuilds() {
  if (!existsSync(TMP)) return;
  for (const entry of readdirSync(TMP)) {
    const pid = /^build-(\d+)$/.exec(entry)?.[1];
    if (pid === undefined) continue;
    let alive = true;
    try {
      process.kill(Number(pid), 0);
    } catch (error) {
      alive = error.code === 'EPERM';
    }
    if (!alive) rmSync(join(TMP, entry), { recursive: true, force: true });
  }
}

/** The compiler options of a package's tsconfig, for emitting one file at a time. */
function emitOptions(ts, pkg) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, pkg, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) throw new Error(`cannot read ${pkg}/tsconfig.json`);
  // Every package is `"type": "module"`, so NodeNext emits ES modules; one file on its own cannot
  // look that up, so it is told.
  const options = {
    ...parsed.options,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  for (const key of ['composite', 'declaration', 'declarationMap', 'incremental', 'tsBuildInfoFile', 'noEmit']) {
    delete options[key];
  }
  return { options, rootDir: parsed.options.rootDir, files: parsed.fileNames };
}

/** Transpiles one package into `outDir`, as `tsc` would emit its JavaScript and source maps. */
function transpilePackage(ts, pkg, outDir) {
  const { options, rootDir, files } = emitOptions(ts, pkg);
  let count = 0;
  for (const file of files) {
    if (file.endsWith('.d.ts') || /\.test\.ts$/.test(file)) continue;
    const out = join(outDir, relative(rootDir, file)).replace(/\.ts$/, '.js');
    const result = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: options,
      fileName: file,
      reportDiagnostics: true,
    });
    const errors = (result.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length > 0) {
      const text = ts.formatDiagnostics(errors, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => root,
        getNewLine: () => '\n',
      });
      throw new Error(`TypeScript cannot read ${relative(root, file)}:\n${text}`);
    }
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, result.outputText);
    if (result.sourceMapText !== undefined) {
      const map = JSON.parse(result.sourceMapText);
      map.file = basename(out);
      // Relative to where the file ends up, `<package>/dist/…`, as tsc writes it.
      const final = join(root, pkg, 'dist', relative(outDir, out));
      map.sources = [relative(dirname(final), file).split(sep).join('/')];
      writeFileSync(`${out}.map`, JSON.stringify(map));
    }
    count += 1;
  }
  return count;
}

/** Runs Vite's build of the web app into `outDir` in a child process. */
function buildWebApp(outDir) {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(root, 'frontend'),
    stdio: 'inherit',
  });
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`the web app's build failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Builds the server packages whose inputs changed and, with `web`, the web app; the web app builds
 * in a child process while the server is transpiled here. Resolves once everything is in place.
 * `packages` narrows the server packages looked at (tests build one).
 */
export async function ensureBuilt({
  web = true,
  log = (line) => process.stdout.write(`${line}\n`),
  packages = SERVER_PACKAGES,
} = {}) {
  removeAbandonedBuilds();
  const staleServer = packages
    .map((pkg) => ({ pkg, hash: serverInputs(pkg) }))
    .filter(({ pkg, hash }) => !isBuilt(join(root, pkg, 'dist'), hash));
  const webHash = web ? webInputs() : undefined;
  const webStale = web && !isBuilt(join(root, 'frontend', 'dist'), webHash);
  if (staleServer.length === 0 && !webStale) return { server: [], web: false };

  const work = join(TMP, `build-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const started = Date.now();
  try {
    const what = [staleServer.length > 0 ? 'the server' : undefined, webStale ? 'the web app' : undefined];
    log(`Plenty: building ${what.filter(Boolean).join(' and ')}…`);
    const ts = staleServer.length > 0 ? require('typescript') : undefined;
    const build = ({ pkg, hash }) => {
      const out = join(work, pkg);
      transpilePackage(ts, pkg, out);
      writeStamp(out, hash);
    };
    const install = ({ pkg }) => {
      // `tsc -b`'s record of what it emitted no longer describes this dist (no declarations):
      // without it, `tsc -b` (npm test) builds the package again in full.
      rmSync(join(root, pkg, 'tsconfig.tsbuildinfo'), { force: true });
      swapIn(join(work, pkg), join(root, pkg, 'dist'));
    };
    // Vite's configuration imports the contracts' JavaScript, so they come first.
    const contracts = staleServer.filter(({ pkg }) => pkg === 'contracts');
    contracts.forEach(build);
    contracts.forEach(install);

    const webBuilt = webStale ? buildWebApp(join(work, 'frontend')) : Promise.resolve();
    // Whatever happens to the server's build, the web app's is waited for before cleaning up.
    webBuilt.catch(() => {});
    const rest = staleServer.filter(({ pkg }) => pkg !== 'contracts');
    let serverError;
    try {
      rest.forEach(build);
    } catch (error) {
      serverError = error;
    }
    await webBuilt;
    if (serverError !== undefined) throw serverError;

    rest.forEach(install);
    if (webStale) {
      writeStamp(join(work, 'frontend'), webHash);
      swapIn(join(work, 'frontend'), join(root, 'frontend', 'dist'));
    }
    log(`Plenty: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return { server: staleServer.map(({ pkg }) => pkg), web: webStale };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
