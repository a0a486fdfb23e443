import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  COMMAND_NAMES,
  commandRegistry,
  type CommandStream,
  type CommandAccess,
  type CommandBody,
  type CommandName,
  type CommandRegistry,
} from '@plenty/contracts/commands/registry';
import { commandResultSchema } from '@plenty/contracts/commands/result';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { currentUser, requireAuth } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import type { Limiter } from '@plenty/platform/http/rate-limit';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import type { CommandCaller } from './pipeline/stream-definition.js';

/** What a guest command answers, the same for everyone (nothing about an account is told). */
export const guestAnswerSchema = z.object({ accepted: z.literal(true) });

/** What a command answers: its result, or for a guest command that it was accepted. */
export type CommandAnswer = z.infer<typeof commandResultSchema> | z.infer<typeof guestAnswerSchema>;

/** Carries out a command whose body its route has parsed with the registry's schema. */
export type CommandHandler<N extends CommandName> = (
  body: CommandBody<N>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<CommandAnswer>;

/** The names of the registry's commands that write the given stream families. */
export type CommandsOf<Stream extends string> = {
  [N in CommandName]: CommandRegistry[N]['stream'] extends Stream ? N : never;
}[CommandName];

/** The registry's commands that write one stream family. */
export function commandsOf<Stream extends CommandStream>(stream: Stream): CommandsOf<Stream>[] {
  return COMMAND_NAMES.filter((name) => commandRegistry[name].stream === stream) as CommandsOf<Stream>[];
}

/** A handler for each of the commands (type-checked: a command added to the registry needs one). */
export type CommandHandlers<N extends CommandName> = { readonly [K in N]: CommandHandler<K> };

export interface CommandRoutesOptions {
  readonly verifier: TokenVerifier;
  readonly bodyLimit: number;
  /** Rate limits per access, checked before the body is (every request counts, valid or not). */
  readonly limits?: Partial<Record<CommandAccess, Limiter>>;
  /** Given, a command's answer with a position waits for it first (backpressure.ts). */
  readonly settle?: (position: string) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may send the command the route carries (from the command registry). */
    commandAccess?: CommandAccess;
  }
}

/** Who may send a command, as the OpenAPI document says it. */
const ACCESS_TEXT: Record<CommandAccess, string> = {
  verified: 'a signed-in user with a verified email',
  'signed-in': 'any signed-in user',
  guest: 'anyone',
};

/** The signed-in sender of a command and the request's log, as the pipeline takes them. */
export function callerOf(request: FastifyRequest): CommandCaller {
  return { user: currentUser(request), log: request.log };
}

/** Refuses a body that is not JSON (415) before it is parsed. */
export const requireJson: preValidationAsyncHookHandler = async (request) => {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'unsupported_media_type', 'Send JSON.');
};

function registerRoutes(
  app: FastifyInstance,
  handlers: Partial<Record<CommandName, CommandHandler<CommandName>>>,
  names: readonly CommandName[],
  options: CommandRoutesOptions,
): void {
  const typed = useZodRoutes(app);
  for (const name of names) {
    const { schema, access } = commandRegistry[name];
    const handler = handlers[name];
    if (handler === undefined) continue;
    const limit = options.limits?.[access];
    typed.post(
      `/${name}`,
      {
        bodyLimit: options.bodyLimit,
        config: { commandAccess: access },
        preValidation: limit === undefined ? [requireJson] : [limit, requireJson],
        schema: {
          summary: `${name} (${ACCESS_TEXT[access]})`,
          tags: ['commands'],
          ...(access === 'guest' ? {} : { security: [{ idToken: [] }] }),
          body: schema,
          response: { 200: access === 'guest' ? guestAnswerSchema : commandResultSchema },
        },
      },
      async (request, reply) => {
        const answer = await handler(request.body as CommandBody<CommandName>, request, reply);
        if (options.settle !== undefined && 'position' in answer) await options.settle(answer.position);
        return answer;
      },
    );
  }
}

/**
 * `POST /<CommandName>` for each command given a handler, made from the command registry
 * (`contracts/src/commands/registry.ts`): the body is parsed with the command's schema (a bad
 * one is 400 `validation_failed` with a code per field, a body that is not JSON 415), the
 * answer checked against the command result's, and who may send it is the entry's `access`:
 * `guest` needs no sign-in, `signed-in` a valid ID token, `verified` one with a verified email
 * (403 `email_not_verified` otherwise). Register with `{ prefix: '/api/commands' }`.
 */
export async function commandRoutes<N extends CommandName>(
  app: FastifyInstance,
  handlers: CommandHandlers<N>,
  options: CommandRoutesOptions & { readonly answerUnknown?: boolean },
): Promise<void> {
  const table = handlers as unknown as Partial<Record<CommandName, CommandHandler<CommandName>>>;
  const names = (Object.keys(handlers) as CommandName[]).filter((name) => Object.hasOwn(commandRegistry, name));
  const guests = names.filter((name) => commandRegistry[name].access === 'guest');
  const signedIn = names.filter((name) => commandRegistry[name].access !== 'guest');
  if (guests.length > 0) await app.register(async (guest) => registerRoutes(guest, table, guests, options));
  await app.register(async (users) => {
    requireAuth(users, options.verifier, {
      allowUnverifiedEmail: (request) => request.routeOptions.config.commandAccess === 'signed-in',
    });
    registerRoutes(users, table, signedIn, options);
    if (options.answerUnknown === true) {
      const limit = options.limits?.verified;
      users.post(
        '/:commandName',
        limit === undefined ? { bodyLimit: options.bodyLimit } : { bodyLimit: options.bodyLimit, preValidation: limit },
        async () => {
          throw new HttpError(404, 'unknown_command', 'There is no such command.');
        },
      );
    }
  });
}
