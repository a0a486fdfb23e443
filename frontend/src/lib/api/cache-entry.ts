/** A cache entry of an RTK Query api, as far as asking it again needs it. */
export interface CacheEntry {
  readonly status?: string;
  readonly endpointName?: string;
  readonly originalArgs?: unknown;
}

/** An endpoint of an api, as far as asking an entry again needs it. */
export interface Initiates {
  initiate(arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }): unknown;
}

/** The cache entry `queryCacheKey` of the api at `reducerPath` in `state`. */
export function cacheEntry(state: unknown, queryCacheKey: string, reducerPath = 'api'): CacheEntry | undefined {
  const slice = (state as Record<string, { queries?: Record<string, CacheEntry | undefined> } | undefined> | null)?.[
    reducerPath
  ];
  return slice?.queries?.[queryCacheKey];
}

/** The endpoint that made `entry`, among `endpoints` (an api's, injected ones included). */
export function endpointOf(endpoints: object, entry: CacheEntry | undefined): Initiates | undefined {
  return entry?.endpointName === undefined
    ? undefined
    : (endpoints as Partial<Record<string, Initiates>>)[entry.endpointName];
}
