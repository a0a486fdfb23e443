import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { comparePositions, isPosition } from '@plenty/contracts/positions';
import { isQueryRemoved, isQuerySettled } from '../store/query-actions';

/** The position of the last command this browser sent: queries wait until the views reach it. */
export interface ConsistencyState {
  readonly minPosition: string | null;
  /**
   * The cache entries (RTK Query's `queryCacheKey`) whose last answer is still behind the last
   * command: the views had not reached `minPosition` when they answered. They are asked for
   * again until they have (catch-up.ts).
   */
  readonly behind: readonly string[];
}

const initialState: ConsistencyState = { minPosition: null, behind: [] };

/**
 * The position of the views an answer was read at, as the base query tells it in its meta
 * (`{ position }`): the server's `X-Position`, or the position a device copy was saved at.
 */
export function answerPosition(meta: unknown): string | null {
  if (typeof meta !== 'object' || meta === null || !('position' in meta)) return null;
  const { position } = meta as { position: unknown };
  return typeof position === 'string' && isPosition(position) ? position : null;
}

const without = (state: ConsistencyState, key: string): ConsistencyState =>
  state.behind.includes(key) ? { ...state, behind: state.behind.filter((other) => other !== key) } : state;

export const consistencySlice = createSlice({
  name: 'consistency',
  initialState,
  reducers: {
    commandApplied(state, action: PayloadAction<string>) {
      return { ...state, minPosition: action.payload };
    },
  },
  extraReducers: (builder) => {
    // Each answer says whether its entry has reached the last command; a request that was not
    // sent (another was on its way) says nothing.
    builder.addMatcher(isQuerySettled, (state, action) => {
      const key = action.meta.arg?.queryCacheKey;
      if (typeof key !== 'string' || action.meta.condition === true) return state;
      const position = action.meta.requestStatus === 'fulfilled' ? answerPosition(action.meta.baseQueryMeta) : null;
      const stillBehind =
        position !== null && state.minPosition !== null && comparePositions(position, state.minPosition) < 0;
      if (!stillBehind) return without(state, key);
      return state.behind.includes(key) ? state : { ...state, behind: [...state.behind, key] };
    });
    builder.addMatcher(isQueryRemoved, (state, action) => without(state, action.payload.queryCacheKey));
    // The whole cache emptied (signed out, another user): no entry is left to catch up.
    builder.addMatcher(
      (action: { type: string }) => action.type.endsWith('/resetApiState'),
      (state) => (state.behind.length === 0 ? state : { ...state, behind: [] }),
    );
  },
});

export const { commandApplied } = consistencySlice.actions;

export function selectMinPosition(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('consistency' in state)) return null;
  return (state as { consistency: ConsistencyState }).consistency.minPosition;
}

/** The cache entries whose last answer is still behind the last command (see `behind`). */
export function selectBehind(state: unknown): readonly string[] {
  if (typeof state !== 'object' || state === null || !('consistency' in state)) return [];
  return (state as { consistency: Partial<ConsistencyState> }).consistency.behind ?? [];
}
