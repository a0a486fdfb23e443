import type { FastifyRequest } from 'fastify';
import type { CommandResult } from '@plenty/contracts/commands/result';
import type { VerifiedUser } from '@plenty/platform/auth/port';

/**
 * Validates a command's body and carries it out for the signed-in user. The request is there
 * for commands that must look at it again (a sensitive command re-verifies the token).
 */
export type CommandRoute = (user: VerifiedUser, body: unknown, request: FastifyRequest) => Promise<CommandResult>;
