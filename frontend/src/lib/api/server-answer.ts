import { useSelector } from 'react-redux';
import { selectRefreshingKeys, type NetworkState } from '../offline/network-slice';

/** What is read of a query's result (an RTK Query hook's result, or its cache entry): the request that filled it. */
export interface AnsweredQuery {
  readonly requestId?: string | undefined;
}

interface CacheState {
  readonly network: NetworkState;
  readonly api?: { readonly queries?: Readonly<Record<string, { readonly requestId?: string } | undefined>> };
}

/**
 * Whether the cache entry a query's result comes from (`requestId`, the request that filled it
 * or is filling it now) still holds the answer painted from the device at start-up, while the
 * server is asked for it (the network slice's `refreshing`). Only that entry counts, not every
 * painted one: a form waits for what it is filled from.
 */
export function selectIsPainted(state: CacheState, answer: AnsweredQuery): boolean {
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
  return !useSelector((state: CacheState) => answers.some((answer) => selectIsPainted(state, answer)));
}
