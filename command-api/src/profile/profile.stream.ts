import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import { streamIds } from '@plenty/contracts/events/envelope';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import { decideProfile } from './profile.decider.js';
import { evolveProfile, initialProfileState, type ProfileState } from './profile.state.js';

/** Whose profile it is: the user's default wallet ids derive from it. */
export interface ProfileContext {
  readonly userId: string;
}

/** Categories, preferences, rates, goals and wallets: every command on the user's own `profile-<uid>`. */
export const profileStream: StreamDefinition<ProfileCommand, ProfileState, ProfileContext> = {
  initialState: initialProfileState,
  evolve: evolveProfile,
  streamId: (_command, { user }) => streamIds.profile(user.uid),
  loadContext: (_command, _state, { user }) => ({ userId: user.uid }),
  decide: (command, state, { userId }) => decideProfile(command, state, userId),
};
