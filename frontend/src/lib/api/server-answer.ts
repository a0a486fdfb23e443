import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectRefreshingKeys, type NetworkState } from '../offline/network-slice';

/** What is read of a query's result (an RTK Query hook's result, or its cache entry): the request that filled it. */
export interface AnsweredQuery {
  readonly requestId?: string | undefined;
}

/** What `selectIsPainted` reads of the store's state: the network slice and the api's cache entries. */
export interface PaintState {
  readonly network: NetworkState;
  readonly api?: { readonly queries?: Readonly<Record<string, { readonly requestId?: string } | undefined>> };
}

/**
 * Whether the cache entry a query's result comes from (`requestId`, the request that filled it
 * or is filling it now) still holds the answer painted from the device at start-up, while the
 * server is asked for it (the network slice's `refreshing`). Only that entry counts, not every
 * painted one: a form waits for what it is filled from.
 */
export function selectIsPainted(state: PaintState, answer: AnsweredQuery): boolean {
  const { requestId } = answer;
  if (requestId === undefined) return false;
  const queries = state.api?.queries;
  return selectRefreshingKeys(state).some((key) => queries?.[key]?.requestId === requestId);
}

/**
 * Whether a form may start from these query results: none of them is the device copy painted
 * at start-up that the server is still being asked for. A form whose values come from a query
 * shows the page's loading state while this is false, so it starts from, and saves over, the
 * server's values, never a stale copy. Once the refresh settled it is true, whatever it gave:
 * the server's answer, or (offline, a server that failed) the device copy, which the offline
 * banner marks as such, so a form never waits forever.
 */
export function useServerAnswer(...answers: readonly AnsweredQuery[]): boolean {
  return !useSelector((state: PaintState) => answers.some((answer) => selectIsPainted(state, answer)));
}

/** What `useOpenWhenCurrent` holds: what was asked to be opened and, once filled, its values. */
type Opening<R, V> =
  { readonly request: R; readonly filled: false } | { readonly request: R; readonly filled: true; readonly value: V };

export interface OpenWhenCurrent<R, V> {
  /** The values the form is open with, or undefined while it is closed or waiting. */
  readonly value: V | undefined;
  /** Opened while the query still shows the painted copy: a Loading dialog (`WaitingDialog`) until the server answers. */
  readonly waiting: boolean;
  open(request: R): void;
  close(): void;
}

/**
 * Opens a form (a dialog) filled from a query's values only once they are the server's
 * (`current`, from `useServerAnswer`): asked while the painted copy is shown, it waits, then
 * `fill`s the request (an item's id, …) from the data as it is then. Filled once per opening, so
 * a later answer does not overwrite what the user types; `fill` giving undefined (the item is
 * gone) closes it.
 */
export function useOpenWhenCurrent<R, V>(current: boolean, fill: (request: R) => V | undefined): OpenWhenCurrent<R, V> {
  const [opening, setOpening] = useState<Opening<R, V> | null>(null);
  const start = (request: R): Opening<R, V> | null => {
    if (!current) return { request, filled: false };
    const value = fill(request);
    return value === undefined ? null : { request, filled: true, value };
  };
  if (opening !== null && !opening.filled && current) setOpening(start(opening.request));
  return {
    value: opening?.filled === true ? opening.value : undefined,
    waiting: opening !== null && !opening.filled,
    open: (request) => setOpening(start(request)),
    close: () => setOpening(null),
  };
}
