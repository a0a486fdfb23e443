import { ConfigError } from './config.js';
import { storageFailure } from './http/errors.js';

interface Log {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Closes the service gracefully on SIGINT or SIGTERM (finishing work in flight), exiting 0,
 * or 1 when closing fails or takes longer than `graceMs`.
 */
export function closeOnSignals(close: () => Promise<void>, log: Log, graceMs = 20_000): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error({ graceMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

/** Says clearly why a service could not start (a configuration problem without a stack) and exits 1. */
export function exitOnStartupFailure(service: string, error: unknown): never {
  const storage = storageFailure(error);
  const message =
    error instanceof ConfigError
      ? error.message
      : storage !== null && error instanceof Error
        ? `${storage.code === 'storage_full' ? 'The disk of the data folder is full' : 'The data folder cannot be written (a read-only, missing or failing disk)'}: ${error.message}. Nothing was changed; fix the disk or DATA_DIR and start again.`
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
  process.stderr.write(`${service} could not start.\n${message}\n`);
  process.exit(1);
}
