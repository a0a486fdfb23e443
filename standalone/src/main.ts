import { ConfigError } from '@plenty/platform/config';
import { loadStandaloneConfig } from './config.js';
import { openStandalone } from './app.js';

async function main(): Promise<void> {
  const config = loadStandaloneConfig();
  const standalone = await openStandalone({
    dataDir: config.dataDir,
    projectId: config.projectId,
    authEmulatorHost: config.authEmulatorHost,
    masterKey: config.masterKey,
    logLevel: config.logLevel,
    projector: 'worker',
  });
  const address = await standalone.app.listen({ port: config.port, host: config.host });
  const url = address.replace('[::1]', 'localhost');
  process.stdout.write(`Plenty is listening on ${url} (data in ${config.dataDir})\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    standalone.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    standalone
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        standalone.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`Plenty could not start.\n${message}\n`);
  process.exit(1);
});
