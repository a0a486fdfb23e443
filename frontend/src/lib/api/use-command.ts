import { useCallback, useRef, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { CommandName, CommandRequest } from '@plenty/contracts/commands/registry';
import type { CommandResult } from '@plenty/contracts/commands/result';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { fieldMessages, type FieldMapping, type FieldMessages } from '../form/field-codes';
import type { MessageId } from '../messages';
import { hasIndexedDb } from '../offline/db';
import { keepDeviceStorage } from '../outbox/keep-storage';
import { pageOutbox, type OutboxStore } from '../outbox/outbox';
import { isQueueable, type QueueableCommand } from '../outbox/types';
import type { EntryFate } from '../outbox/engine';
import type { SessionUser } from '../auth/session';
import { toApiError, type ApiError } from './api-error';
import { commandsApi } from './commands';

/** A command's body without its `commandId`, which the hook adds. */
export type CommandInput<N extends CommandName> =
  CommandRequest<N> extends infer R ? (R extends unknown ? Omit<R, 'commandId'> : never) : never;

/**
 * `queued`: a command of the outbox (`lib/outbox/types.ts`) that could not reach the server is
 * kept on the device and sent when the network is back; the screen says "waiting to sync".
 */
export type CommandOutcome<F extends string> =
  | { readonly ok: true; readonly queued: false; readonly result: CommandResult }
  | { readonly ok: true; readonly queued: true; readonly result: null }
  | {
      readonly ok: false;
      readonly error: ApiError;
      readonly fieldErrors: FieldMessages<F>;
      /** The answer's message when it is about no field of the form. */
      readonly formError: MessageId | null;
    };

export interface Command<N extends CommandName, F extends string> {
  /** Sends the command; the same body sent again after a failure keeps its `commandId`. */
  run(input: CommandInput<N>): Promise<CommandOutcome<F>>;
  /**
   * The id of the item a submission creates (`goalId` of AddGoal, …): the same across retries,
   * so a retry after a lost answer never makes a second one; a new one after a success.
   */
  newId(): string;
  readonly pending: boolean;
  readonly error: ApiError | null;
  readonly fieldErrors: FieldMessages<F>;
  readonly formError: MessageId | null;
  /** Forgets the last failure and starts a new submission. */
  reset(): void;
}

interface Submission {
  commandId: string;
  itemId: string;
  /** The body of the last attempt, to tell a retry from a changed form. */
  body: string | null;
}

const freshSubmission = (): Submission => ({ commandId: uuidV7(), itemId: uuidV7(), body: null });

function asApiError(caught: unknown): ApiError {
  if (typeof caught === 'object' && caught !== null && 'messageId' in caught && 'fields' in caught) {
    return caught as ApiError;
  }
  return toApiError({ status: 'FETCH_ERROR', error: String(caught) });
}

const NO_MAPPING: FieldMapping<never> = { fields: [] };

/** The signed-in user whose outbox takes the command, or null (a guest's command is sent directly). */
function outboxUid(store: OutboxStore): string | null {
  const state = store.getState() as { auth?: { user?: SessionUser | null } };
  return state.auth?.user?.uid ?? null;
}

/**
 * Keeps the command in the user's outbox and sends it when online (see `useCommand`); null when
 * the device cannot keep it (storage refused), and the command is then sent directly.
 */
async function submitToOutbox(
  store: OutboxStore,
  uid: string,
  name: QueueableCommand,
  commandId: string,
  input: object,
): Promise<EntryFate | null> {
  const request = { ...input, commandId } as CommandRequest<QueueableCommand>;
  try {
    return await pageOutbox(store, uid).submit(name, request);
  } catch {
    return null;
  }
}

/**
 * Sends one command of the registry the way every form should: one `commandId` for a
 * submission and its retries (the server applies it once), a new one after a success or when
 * the body changes; the answer's position is remembered by the base query, so the next reads
 * show the change; a refusal becomes messages per field (`mapping`) or one for the form.
 *
 * A command of the outbox (`QUEUEABLE_COMMANDS`) of a signed-in user is first kept on the
 * device: offline it is answered `queued` at once; online it is sent behind any earlier entries
 * and answered as the server answers it, except that a lost answer (no network, a timeout, the
 * server busy) leaves it `queued`, to be sent again with the same commandId. A refused one is
 * taken out of the outbox: the form shows why.
 */
export function useCommand<N extends CommandName, F extends string = never>(
  name: N,
  mapping: FieldMapping<F> = NO_MAPPING as FieldMapping<F>,
): Command<N, F> {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const store = useStore() as OutboxStore;
  const submission = useRef<Submission | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{
    error: ApiError;
    fieldErrors: FieldMessages<F>;
    formError: MessageId | null;
  } | null>(null);

  const current = useCallback(() => (submission.current ??= freshSubmission()), []);

  const run = async (input: CommandInput<N>): Promise<CommandOutcome<F>> => {
    const attempt = current();
    const body = JSON.stringify(input);
    if (attempt.body !== null && attempt.body !== body) attempt.commandId = uuidV7();
    attempt.body = body;
    setPending(true);
    const endpoint = commandsApi.endpoints[name] as unknown as {
      initiate(request: unknown): UnknownAction & { unwrap(): Promise<CommandResult> };
    };
    const failed = (error: ApiError): CommandOutcome<F> => {
      const fieldErrors = fieldMessages(error.fields, mapping, error.code);
      const formError = Object.keys(fieldErrors).length > 0 ? null : error.messageId;
      setFailure({ error, fieldErrors, formError });
      return { ok: false, error, fieldErrors, formError };
    };
    const uid = isQueueable(name) && hasIndexedDb() ? outboxUid(store) : null;
    try {
      const fate =
        uid === null ? null : await submitToOutbox(store, uid, name as QueueableCommand, attempt.commandId, input);
      if (fate !== null) {
        if (fate.kind === 'refused') return failed(fate.error);
        submission.current = freshSubmission();
        setFailure(null);
        if (fate.kind === 'accepted' && fate.result !== null) return { ok: true, queued: false, result: fate.result };
        // Kept on the device until it syncs: the browser must not evict it meanwhile.
        void keepDeviceStorage();
        return { ok: true, queued: true, result: null };
      }
      const result = await dispatch(endpoint.initiate({ ...input, commandId: attempt.commandId })).unwrap();
      submission.current = freshSubmission();
      setFailure(null);
      return { ok: true, queued: false, result };
    } catch (caught) {
      return failed(asApiError(caught));
    } finally {
      setPending(false);
    }
  };

  const reset = useCallback(() => {
    submission.current = null;
    setFailure(null);
  }, []);

  return {
    run,
    newId: () => current().itemId,
    pending,
    error: failure?.error ?? null,
    fieldErrors: failure?.fieldErrors ?? {},
    formError: failure?.formError ?? null,
    reset,
  };
}
