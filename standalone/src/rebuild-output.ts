import type { ReadStore } from '@plenty/platform/read-store/port';
import type { Projection } from '@plenty/projections/projection';
import { storedRecords } from '@plenty/projections/quarantine';
import { progressLine } from './progress-line.js';

/* What `npm run rebuild` prints while it runs and when it ends. */

/** Progress on one line (rewritten in a terminal, every 5 s in a log), then the rate. */
export function progressPrinter(write: (text: string) => void, interactive: boolean) {
  const started = performance.now();
  let lastLine = -Infinity;
  return {
    update(progress: { applied: number; total: number | null }) {
      const elapsed = performance.now() - started;
      if (interactive) write(`\r${progressLine(progress, elapsed)}`);
      else if (elapsed - lastLine >= 5000) {
        lastLine = elapsed;
        write(`${progressLine(progress, elapsed)}\n`);
      }
    },
    done(events: number) {
      const seconds = (performance.now() - started) / 1000;
      const rate = seconds > 0 ? Math.round(events / seconds) : events;
      if (interactive) write('\n');
      return { seconds, rate };
    },
  };
}

/**
 * Prints the quarantine records of the projections in a store (a user whose event a
 * projection could not apply; see the projector's quarantine.ts), up to `limit` of them;
 * answers how many there are.
 */
export async function listQuarantined(
  store: ReadStore,
  projections: readonly Projection[],
  limit: number,
  write: (text: string) => void,
): Promise<number> {
  let count = 0;
  const users = new Set<string>();
  for (const projection of projections) {
    for await (const record of storedRecords(store, projection)) {
      count += 1;
      users.add(record.userId);
      if (count > limit) continue;
      const failed = record.failed === null ? 'it could not be decoded' : `${record.failed} failed`;
      write(
        `Quarantined: user=${record.userId} projection=${record.projection} (${record.views.join(', ')}) ` +
          `event=${record.eventId} (${record.eventType}) position=${record.position}: ${failed}: ${record.reason}\n`,
      );
    }
  }
  if (count > limit) write(`... and ${count - limit} more\n`);
  if (count > 0) {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    write(
      `${plural(users.size, 'user')} quarantined (${plural(count, 'record')}): their queries of these ` +
        "projections' views answer view_quarantined until a rebuild applies the events\n",
    );
  }
  return count;
}
