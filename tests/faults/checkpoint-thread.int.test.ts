import { describe, expect, it } from 'vitest';
import { useStandaloneProcesses } from '../support/standalone-process.js';

/**
 * The event log's checkpoints in the server as `npm start` runs it: from a thread of its own,
 * which `/readyz` names, and a clean stop (SIGTERM) after a power cut and a restart exits 0.
 */
const servers = useStandaloneProcesses('checkpoints');

describe("the server's checkpoint thread", () => {
  it('is named in /readyz, and a stop after a kill and a restart exits 0', async () => {
    const dataDir = await servers.dataFolder();
    const first = await servers.start(dataDir);
    const ready = (await fetch(`${first.baseUrl}/readyz`).then((r) => r.json())) as {
      eventLog?: { checkpoints?: unknown };
    };
    expect(ready.eventLog?.checkpoints).toEqual({ by: 'thread' });
    await first.kill();

    const second = await servers.start(dataDir);
    await second.stop();
    expect({ code: second.child.exitCode, output: second.output() }).toMatchObject({ code: 0 });
  });
});
