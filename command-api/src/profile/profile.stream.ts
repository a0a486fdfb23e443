import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import { streamIds } from '@plenty/contracts/events/envelope';
import type { StreamDefinition } from '../pipeline/stream-definition.js';
import { decideProfile } from './profile.decider.js';
import { evolveProfile, initialProfileState, type ProfileState } from './profile.state.js';

/** Categories, preferences, rates and goals: every command on the user's own `profile-<uid>`. */
export const profileStream: StreamDefinition<ProfileCommand, ProfileState> = {
  initialState: initialProfileState,
  evolve: evolveProfile,
  streamId: (_command, { user }) => streamIds.profile(user.uid),
  decide: (command, state) => decideProfile(command, state),
};
