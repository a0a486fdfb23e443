import { ConfigError } from '@plenty/platform/config';
import { loadQueryServiceConfig, openQueryService } from './server.js';

/** Runs the query API alone (the distributed deployment); `npm start` composes it in standalone. */
async function main(): Promise<void> {
  const config = loadQueryServiceConfig();
  const service = await openQueryService(config);
  await service.app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    service.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    service
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        service.app.log.error({ err: error }, 'shutdown failed');
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
  process.stderr.write(`The query API could not start.\n${message}\n`);
  process.exit(1);
});
