import { closeOnSignals, exitOnStartupFailure } from '@plenty/platform/lifecycle';
import { loadProjectorServiceConfig } from './config.js';
import { openDistributedProjectorService } from './distributed.js';
import { jsonLogger, openProjectorService } from './service.js';

/**
 * Runs the projector alone: embedded, it tails the data folder's event file; distributed
 * (EVENTSTORE_URL, MONGODB_URL and KAFKA_BROKERS set), it consumes Kafka and runs the relay.
 * `npm start` composes the embedded one in the standalone process.
 */
async function main(): Promise<void> {
  const config = loadProjectorServiceConfig();
  const logger = jsonLogger(config.logLevel);
  const { stores } = config;
  const service =
    stores.kind === 'distributed'
      ? await openDistributedProjectorService({ ...config, stores }, logger)
      : await openProjectorService(config, logger);
  closeOnSignals(() => service.close(), logger);
}

main().catch((error: unknown) => exitOnStartupFailure('The projector', error));
