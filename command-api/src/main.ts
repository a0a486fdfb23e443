import { closeOnSignals, exitOnStartupFailure } from '@plenty/platform/lifecycle';
import { loadCommandServiceConfig, openCommandService } from './server.js';

/** Runs the command API alone (the distributed deployment); `npm start` composes it in standalone. */
async function main(): Promise<void> {
  const config = loadCommandServiceConfig();
  const service = await openCommandService(config);
  await service.app.listen({ port: config.port, host: config.host });
  closeOnSignals(() => service.close(), service.app.log);
}

main().catch((error: unknown) => exitOnStartupFailure('The command API', error));
