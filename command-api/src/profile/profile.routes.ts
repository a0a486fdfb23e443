import { profileCommandSchemas, type ProfileCommand } from '@plenty/contracts/commands/profile';
import { streamIds } from '@plenty/contracts/events/envelope';
import { parseOrThrow } from '@plenty/platform/http/errors';
import type { CommandRoute } from '../command-route.js';
import { handleCommand, type CommandDeps } from '../handler.js';
import { decideProfile } from './profile.decider.js';
import { evolveProfile, initialProfileState } from './profile.state.js';

export function profileRoutes(deps: CommandDeps): Record<ProfileCommand['type'], CommandRoute> {
  const route =
    <T extends ProfileCommand['type']>(type: T): CommandRoute =>
    async (user, body) => {
      const command = { type, data: parseOrThrow(profileCommandSchemas[type], body) } as ProfileCommand;
      const { data } = command;
      return handleCommand(
        deps,
        { userId: user.uid, commandId: data.commandId, streamId: streamIds.profile(user.uid) },
        { initialState: initialProfileState, evolve: evolveProfile, decide: (state) => decideProfile(command, state) },
      );
    };
  return {
    AddCategory: route('AddCategory'),
    EditCategory: route('EditCategory'),
    DeleteCategory: route('DeleteCategory'),
    ChangePreferences: route('ChangePreferences'),
    SetExchangeRates: route('SetExchangeRates'),
    AddGoal: route('AddGoal'),
    EditGoal: route('EditGoal'),
    ContributeToGoal: route('ContributeToGoal'),
    WithdrawFromGoal: route('WithdrawFromGoal'),
    DeleteGoal: route('DeleteGoal'),
  };
}
