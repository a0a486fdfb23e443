import type { CommandResult } from '@plenty/contracts/commands/result';
import type { DeletionReason } from '@plenty/contracts/commands/account';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { schemaVersionOf } from '@plenty/contracts/events/upcast';
import { uuidV5 } from '@plenty/contracts/ids';
import type { UserDirectory } from '@plenty/platform/auth/user-directory';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { KeyStore } from '@plenty/platform/crypto/port';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@plenty/platform/event-store/port';

/** The identity provider's side of an erasure. */
export interface IdentityAdmin {
  /** Deletes the sign-in account; one that no longer exists is not an error. */
  deleteUser(uid: string): Promise<void>;
}

export interface AccountEraserDeps {
  readonly eventStore: EventStore;
  readonly keys: KeyStore;
  /** Receipts; null where the deployment keeps none. */
  readonly blobs: BlobStore | null;
  readonly identity: IdentityAdmin;
  readonly now: () => Date;
  /** This instance's reading of the erasure record: the user is refused here from the start. */
  readonly erasedUsers?: { markErased(uid: string): void };
  /** Commands under way in this instance, which the erasure waits for before the key goes. */
  readonly commandsInFlight?: { settled(uid: string): Promise<void> };
  /** Where the user's address is found, while the sign-in account still exists. */
  readonly users?: UserDirectory;
  /** Mail kept on disk (the outbox without SMTP): what was sent to the address is deleted. */
  readonly mail?: { deleteMailTo?(address: string): Promise<number> };
}

/** Namespace of the ids of erasure records, which derive from the user id. */
const ERASURE_NAMESPACE = '2d7e0b5c-91a4-4f63-8c1e-5a3f9b7d0e42';
const APPEND_ATTEMPTS = 5;

interface ErasureState {
  readonly started: Map<string, { readonly at: string; readonly reason: DeletionReason | undefined }>;
  readonly erased: Set<string>;
  /** Ids of the commands that started an erasure, so a retried command starts nothing new. */
  readonly commands: Set<string>;
  readonly revision: number | 'no_stream';
}

function foldErasures(events: readonly RecordedEvent[]): ErasureState {
  const started = new Map<string, { at: string; reason: DeletionReason | undefined }>();
  const erased = new Set<string>();
  const commands = new Set<string>();
  for (const event of events) {
    const userId = event.metadata.userId;
    if (event.type === 'AccountErasureStarted') {
      erased.delete(userId);
      commands.add(event.metadata.commandId);
      started.set(userId, { at: event.metadata.occurredAt, reason: event.data.reason as DeletionReason | undefined });
    } else if (event.type === 'AccountErased') {
      erased.add(userId);
    }
  }
  return { started, erased, commands, revision: events.at(-1)?.revision ?? 'no_stream' };
}

/**
 * Erases an account in steps that can each run again: the start is recorded first (so a
 * restarted service finishes it, and every instance refuses the user from then on), the
 * user's commands under way here are waited for, then the user's data key is destroyed
 * (whatever copy of an event survives — a backup, a Kafka topic — keeps only unreadable
 * personal text), every stream of the user is deleted and the store's files scrubbed of
 * them, the receipts, the mail kept to the user's address, then the sign-in account, and
 * last the record that the account was erased, on which the projector purges the user's
 * views. The record holds the user id, the reason chosen and when: no personal data.
 */
export class AccountEraser {
  constructor(private readonly deps: AccountEraserDeps) {}

  async erase(userId: string, reason: DeletionReason | undefined, commandId: string): Promise<CommandResult> {
    await this.recordStart(userId, reason, commandId);
    return this.finish(userId);
  }

  /** Finishes every erasure that was started and not recorded as done; returns their users. */
  async resumeUnfinished(): Promise<string[]> {
    const state = foldErasures(await this.deps.eventStore.readStream(ACCOUNT_ERASURES_STREAM));
    const unfinished = [...state.started.keys()].filter((userId) => !state.erased.has(userId));
    for (const userId of unfinished) await this.finish(userId);
    return unfinished;
  }

  private async recordStart(userId: string, reason: DeletionReason | undefined, commandId: string): Promise<void> {
    await this.appendOnce((state) => {
      const inProgress = state.started.has(userId) && !state.erased.has(userId);
      if (inProgress || state.commands.has(commandId)) return null;
      const data = reason === undefined ? { userId } : { userId, reason };
      return this.event('AccountErasureStarted', userId, commandId, 0, data);
    });
  }

  private async finish(userId: string): Promise<CommandResult> {
    const { eventStore, keys, blobs, identity } = this.deps;
    this.deps.erasedUsers?.markErased(userId);
    await this.deps.commandsInFlight?.settled(userId);
    await keys.erase(userId);
    const streams = (await eventStore.streamIdsOfUser(userId)).filter((id) => id !== ACCOUNT_ERASURES_STREAM);
    for (const streamId of streams) await eventStore.deleteStream(streamId);
    await eventStore.scrubDeleted?.();
    await blobs?.deleteUser(userId);
    // The address is known only while the sign-in account exists; mail written between the
    // two deletions (a reset link asked for just then) goes with the second.
    const address = (await this.deps.users?.emailOf(userId)) ?? null;
    await this.deleteMailTo(address);
    await identity.deleteUser(userId);
    await this.deleteMailTo(address);
    return this.appendOnce((state) => {
      const start = state.started.get(userId);
      if (start === undefined || state.erased.has(userId)) return null;
      const commandId = uuidV5(`${userId}:${start.at}`, ERASURE_NAMESPACE);
      const data = { userId, startedAt: start.at, ...(start.reason === undefined ? {} : { reason: start.reason }) };
      return this.event('AccountErased', userId, commandId, 0, data);
    });
  }

  private async deleteMailTo(address: string | null): Promise<void> {
    if (address !== null) await this.deps.mail?.deleteMailTo?.(address);
  }

  private event(
    type: string,
    userId: string,
    commandId: string,
    index: number,
    data: Record<string, unknown>,
  ): NewEvent {
    return {
      id: uuidV5(`${commandId}#${type}#${index}`, ERASURE_NAMESPACE),
      type,
      data,
      metadata: {
        userId,
        commandId,
        correlationId: commandId,
        occurredAt: this.deps.now().toISOString(),
        schemaVersion: schemaVersionOf(type),
      },
    };
  }

  /**
   * Appends the event `decide` returns for the current erasure record, with the record's
   * revision as expectation; another writer in between makes it decide again. Answers where
   * the record stands when there is nothing to append.
   */
  private async appendOnce(decide: (state: ErasureState) => NewEvent | null): Promise<CommandResult> {
    const { eventStore } = this.deps;
    for (let attempt = 1; ; attempt += 1) {
      const events = await eventStore.readStream(ACCOUNT_ERASURES_STREAM);
      const state = foldErasures(events);
      const event = decide(state);
      if (event === null) {
        const last = events.at(-1);
        return { streamId: ACCOUNT_ERASURES_STREAM, revision: last?.revision ?? 0, position: last?.position ?? '0' };
      }
      try {
        return await eventStore.appendToStream(ACCOUNT_ERASURES_STREAM, [event], state.revision);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= APPEND_ATTEMPTS) throw error;
      }
    }
  }
}
