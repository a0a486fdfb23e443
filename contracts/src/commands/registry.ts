import type { z } from 'zod';
import { debtCommandSchemas } from './debt.js';
import {
  deleteAccountSchema,
  requestPasswordResetSchema,
  sendVerificationCodeSchema,
  verifyEmailSchema,
} from './account.js';
import { profileCommandSchemas } from './profile.js';
import { transactionCommandSchemas } from './transaction.js';
import { postOccurrenceSchema, recurringCommandSchemas } from '../recurring.js';
import { transferCommandSchemas } from '../transfers.js';
import { importCommandSchemas } from '../imports.js';
import { restoreCommandSchemas } from '../backup.js';

/**
 * Who may send a command:
 * - `verified`: a signed-in user whose email is verified (every money command);
 * - `signed-in`: any signed-in user, verified or not (verifying the email, deleting the account);
 * - `guest`: anyone, signed in or not (asking for a password-reset mail).
 */
export type CommandAccess = 'verified' | 'signed-in' | 'guest';

/**
 * The stream family a command writes, as named in `events/envelope` (`transaction-<id>`, …);
 * `identity` commands change the sign-in account and append a record of it.
 */
export type CommandStream =
  'transaction' | 'transfer' | 'recurring' | 'import' | 'restore' | 'profile' | 'debt' | 'account' | 'identity';

export interface CommandDefinition<S extends z.ZodType = z.ZodType> {
  /** The body of `POST /api/commands/<Name>`; strict, so an unknown field is refused. */
  readonly schema: S;
  readonly access: CommandAccess;
  readonly stream: CommandStream;
}

const define = <S extends z.ZodType>(
  schema: S,
  access: CommandAccess,
  stream: CommandStream,
): CommandDefinition<S> => ({ schema, access, stream });

const each = <T extends Record<string, z.ZodType>>(
  schemas: T,
  stream: CommandStream,
): { readonly [K in keyof T]: CommandDefinition<T[K]> } =>
  Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, define(schema, 'verified', stream)])) as {
    readonly [K in keyof T]: CommandDefinition<T[K]>;
  };

/**
 * Every command the command API accepts, by name: the one list the server's routes, the
 * OpenAPI document and the web app's mutations are made from. A command added here gets its
 * route and its client call; one missing here exists nowhere.
 */
export const commandRegistry = {
  ...each(transactionCommandSchemas, 'transaction'),
  ...each(transferCommandSchemas, 'transfer'),
  ...each(recurringCommandSchemas, 'recurring'),
  PostOccurrence: define(postOccurrenceSchema, 'verified', 'transaction'),
  ...each(importCommandSchemas, 'import'),
  ...each(restoreCommandSchemas, 'restore'),
  ...each(profileCommandSchemas, 'profile'),
  ...each(debtCommandSchemas, 'debt'),
  SendVerificationCode: define(sendVerificationCodeSchema, 'signed-in', 'identity'),
  VerifyEmail: define(verifyEmailSchema, 'signed-in', 'identity'),
  RequestPasswordReset: define(requestPasswordResetSchema, 'guest', 'identity'),
  DeleteAccount: define(deleteAccountSchema, 'signed-in', 'account'),
} as const;

export type CommandRegistry = typeof commandRegistry;
export type CommandName = keyof CommandRegistry;

/** What a client sends for a command: the schema's input (defaults not yet applied). */
export type CommandRequest<N extends CommandName> = z.input<CommandRegistry[N]['schema']>;

/** A command's body once the server has parsed it. */
export type CommandBody<N extends CommandName> = z.output<CommandRegistry[N]['schema']>;

export const COMMAND_NAMES = Object.keys(commandRegistry) as readonly CommandName[];

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(commandRegistry, name);
}
