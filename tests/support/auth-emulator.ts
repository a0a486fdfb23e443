import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort } from '@plenty/standalone/free-port';

export interface AuthEmulator {
  /** `127.0.0.1:<port>`, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  readonly host: string;
  /** Stops the emulator, exporting its users to the state folder first. */
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  projectId: string;
  /** Folder for the emulator's config, logs and exported users (kept across restarts). */
  stateDir: string;
  port?: number;
  readyTimeoutMs?: number;
  onOutput?: (line: string) => void;
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('firebase-tools/lib/bin/firebase.js');
}

/**
 * Ready means the CLI said so (after importing the saved users) and the port answers; the
 * port alone opens before the import is done.
 */
async function waitUntilReady(
  url: string,
  child: ChildProcess,
  announced: () => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Auth emulator exited with code ${child.exitCode}`);
    if (!announced()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Auth emulator did not become ready within ${timeoutMs} ms`);
}

/**
 * Starts the Firebase Auth emulator as a child process on loopback, offline (a demo-
 * project needs no credentials, no Java and no network), importing the users exported
 * at the last stop so accounts survive restarts. For the tests of the Firebase adapters,
 * which the distributed deployment uses with a real project.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const { projectId, stateDir } = options;
  if (!projectId.startsWith('demo-')) throw new Error('the Auth emulator runs only with a demo- project id');
  const exportDir = join(stateDir, 'export');
  await mkdir(join(stateDir, 'config'), { recursive: true });
  await mkdir(join(stateDir, 'tmp'), { recursive: true });
  const [port, hubPort, loggingPort] = [options.port ?? (await freePort()), await freePort(), await freePort()];
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const configPath = join(stateDir, 'firebase.json');
  await writeFile(configPath, JSON.stringify(config, null, 2));
  const args = [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', projectId, '--config', configPath];
  args.push('--export-on-exit', exportDir);
  if (existsSync(join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);

  const child = spawn(process.execPath, args, {
    cwd: stateDir,
    env: {
      ...process.env,
      CI: 'true',
      NO_UPDATE_NOTIFIER: '1',
      XDG_CONFIG_HOME: join(stateDir, 'config'),
      // The emulator finds its hub through a file in the temp folder, keyed by project id:
      // a private temp folder keeps two instances of the same project from exporting each other.
      TMPDIR: join(stateDir, 'tmp'),
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let allReady = false;
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.includes('All emulators ready')) allReady = true;
      if (line.trim() !== '') options.onOutput?.(line);
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const host = `127.0.0.1:${port}`;
  try {
    await waitUntilReady(`http://${host}/`, child, () => allReady, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  let stopping: Promise<void> | null = null;
  return {
    host,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null) return;
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
