import { join } from 'node:path';
import { ConfigError } from '@plenty/platform/config';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projector/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import { loadStandaloneConfig } from './config.js';
import { progressLine } from './progress-line.js';

/** `npm run rebuild`: drops the read models and replays every event into them. */
async function rebuild(): Promise<void> {
  const config = loadStandaloneConfig();
  const masterKey = await loadMasterKey({ envValue: config.masterKey, dataDir: config.dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(config.dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(config.dataDir, 'events.db') });
  const readStore = await openSqliteReadStore({ path: join(config.dataDir, 'read.db') });
  const projector = createProjector({
    eventStore,
    readStore,
    codec: new EventCodec(keyStore),
    projections: allProjections,
  });
  process.stdout.write(`Rebuilding read models from ${join(config.dataDir, 'events.db')}\n`);
  const started = performance.now();
  // A terminal gets a live bar; a log gets a line every five seconds.
  let lastLine = 0;
  const result = await projector.rebuild({
    onProgress: (progress) => {
      const elapsed = performance.now() - started;
      if (process.stdout.isTTY) process.stdout.write(`\r${progressLine(progress, elapsed)}`);
      else if (elapsed - lastLine >= 5000) {
        lastLine = elapsed;
        process.stdout.write(`${progressLine(progress, elapsed)}\n`);
      }
    },
  });
  const seconds = result.ms / 1000;
  const rate = seconds > 0 ? Math.round(result.events / seconds) : result.events;
  process.stdout.write(`\nRebuilt ${result.events} events in ${seconds.toFixed(2)} s (${rate} events/s)\n`);
  await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
}

rebuild().catch((error: unknown) => {
  process.stderr.write(
    `Rebuild failed: ${error instanceof ConfigError || !(error instanceof Error) ? String(error) : (error.stack ?? error.message)}\n`,
  );
  process.exit(1);
});
