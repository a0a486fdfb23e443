import { closeOnSignals, exitOnStartupFailure } from '@plenty/platform/lifecycle';
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
    mail: config.mail,
    appOrigin: config.appOrigin,
    commandsPerMinutePerUser: config.commandsPerMinutePerUser,
    authProviders: config.authProviders,
    weeklyReportIntervalMs: config.weeklyReportIntervalMs,
    projector: 'worker',
  });
  const address = await standalone.app.listen({ port: config.port, host: config.host });
  process.stdout.write(`Plenty is listening on ${address} (data in ${config.dataDir})\n`);
  closeOnSignals(() => standalone.close(), standalone.app.log);
}

main().catch((error: unknown) => exitOnStartupFailure('Plenty', error));
