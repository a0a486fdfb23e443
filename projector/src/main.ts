import { closeOnSignals, exitOnStartupFailure } from '@plenty/platform/lifecycle';
import { jsonLogger, loadProjectorServiceConfig, openProjectorService } from './service.js';

/** Runs the projector alone (the distributed deployment); `npm start` composes it in standalone. */
async function main(): Promise<void> {
  const config = loadProjectorServiceConfig();
  const logger = jsonLogger(config.logLevel);
  const service = await openProjectorService(config, logger);
  closeOnSignals(() => service.close(), logger);
}

main().catch((error: unknown) => exitOnStartupFailure('The projector', error));
