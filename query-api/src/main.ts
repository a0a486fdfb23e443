import { closeOnSignals, exitOnStartupFailure } from '@plenty/platform/lifecycle';
import { loadQueryServiceConfig, openQueryService } from './server.js';

/** Runs the query API alone (the distributed deployment); `npm start` composes it in standalone. */
async function main(): Promise<void> {
  const config = loadQueryServiceConfig();
  const service = await openQueryService(config);
  await service.app.listen({ port: config.port, host: config.host });
  closeOnSignals(() => service.close(), service.app.log, 10_000);
}

main().catch((error: unknown) => exitOnStartupFailure('The query API', error));
