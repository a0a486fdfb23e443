import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The position of the last command this browser sent: queries wait until the views reach it. */
export interface ConsistencyState {
  readonly minPosition: string | null;
}

const initialState: ConsistencyState = { minPosition: null };

export const consistencySlice = createSlice({
  name: 'consistency',
  initialState,
  reducers: {
    commandApplied(state, action: PayloadAction<string>) {
      return { ...state, minPosition: action.payload };
    },
  },
});

export const { commandApplied } = consistencySlice.actions;

export function selectMinPosition(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('consistency' in state)) return null;
  return (state as { consistency: ConsistencyState }).consistency.minPosition;
}
