import { closeOnSignals, exitOnStartupFailure } from '@plenty/platform/lifecycle';
import { NO_IDENTITY_LIMITS } from '@plenty/platform/identity/attempt-limits';
import { listensEverywhere, networkAddresses } from './network.js';
import { loadStandaloneConfig } from './config.js';
import { openStandalone } from './app.js';

async function main(): Promise<void> {
  const config = loadStandaloneConfig();
  const standalone = await openStandalone({
    dataDir: config.dataDir,
    masterKey: config.masterKey,
    logLevel: config.logLevel,
    mail: config.mail,
    appOrigin: config.appOrigin,
    commandsPerMinutePerUser: config.commandsPerMinutePerUser,
    queriesPerMinutePerUser: config.queriesPerMinutePerUser,
    trustProxy: config.trustProxy,
    ...(config.authAttemptLimits ? {} : { identityLimits: NO_IDENTITY_LIMITS }),
    weeklyReportIntervalMs: config.weeklyReportIntervalMs,
    recurringIntervalMs: config.recurringIntervalMs,
    reminderIntervalMs: config.reminderIntervalMs,
    oidcProviders: config.oidcProviders,
    ...(config.webAppDir === undefined ? {} : { webAppDir: config.webAppDir }),
    projector: 'worker',
  });
  const address = await standalone.app.listen({ port: config.port, host: config.host });
  process.stdout.write(`Plenty is listening on ${address} (data in ${config.dataDir})\n`);
  if (listensEverywhere(config.host)) {
    const addresses = networkAddresses().map((ip) => `http://${ip}:${config.port}`);
    process.stdout.write(`On a phone on the same network, open ${addresses.join(' or ') || address}\n`);
  }
  closeOnSignals(() => standalone.close(), standalone.app.log);
}

main().catch((error: unknown) => exitOnStartupFailure('Plenty', error));
