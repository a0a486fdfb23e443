import { ConfigError } from '@plenty/platform/config';
import { jsonLogger, loadProjectorServiceConfig, openProjectorService } from './service.js';

/** Runs the projector alone (the distributed deployment); `npm start` composes it in standalone. */
async function main(): Promise<void> {
  const config = loadProjectorServiceConfig();
  const logger = jsonLogger(config.logLevel);
  const service = await openProjectorService(config, logger);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down after the batch in flight');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    service
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
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
  process.stderr.write(`The projector could not start.\n${message}\n`);
  process.exit(1);
});
