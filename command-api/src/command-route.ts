import type { CommandResult } from '@plenty/contracts/commands/result';
import type { VerifiedUser } from '@plenty/platform/auth/port';

/** Validates a command's body and carries it out for the signed-in user. */
export type CommandRoute = (user: VerifiedUser, body: unknown) => Promise<CommandResult>;
