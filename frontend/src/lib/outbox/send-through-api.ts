/**
 * What the page's outbox needs of RTK Query, in a module of its own so that it loads with the
 * first command sent rather than with the first screen.
 */
import type { CommandResult } from '@plenty/contracts/commands/result';
import { api } from '../api/api';
import type { QueueableCommand } from './types';

export { api } from '../api/api';
export { commandsApi, COMMAND_INVALIDATES } from '../api/commands';

/** A queued command as the outbox sends it: its name and the body kept on the device. */
export interface QueuedRequest {
  readonly name: QueueableCommand;
  readonly body: object;
}

/**
 * The outbox's own way to send a command: the same request, token, X-Min-Position and position
 * of the answer (`commandApplied`) as the command's endpoint, but no tags invalidated. The
 * outbox reads the views its sent commands change once, when its flush stops (or at once for
 * an entry a form waits for), instead of after each of them.
 */
export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendQueuedCommand: build.mutation<CommandResult, QueuedRequest>({
      query: ({ name, body }) => ({ url: `commands/${name}`, method: 'POST', body }),
    }),
  }),
});
