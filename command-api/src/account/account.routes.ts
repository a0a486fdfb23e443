import type { FastifyRequest } from 'fastify';
import { DELETE_ACCOUNT_PHRASE, sameEmail, type DeleteAccount } from '@plenty/contracts/commands/account';
import type { CommandResult } from '@plenty/contracts/commands/result';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import { requireRecentSignIn } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import type { AccountEraser } from './erasure.js';

/** How long ago the user must have signed in to delete the account. */
export const DELETE_ACCOUNT_MAX_SIGN_IN_AGE_SECONDS = 5 * 60;

/**
 * DeleteAccount: the token is verified again with the identity provider (a revoked session or
 * a disabled user is refused) and must come from a recent sign-in; the typed email must be the
 * account's and the phrase exact. Then the account is erased (see AccountEraser).
 */
export function deleteAccountRoute(eraser: AccountEraser, verifier: TokenVerifier) {
  return async (command: DeleteAccount, request: FastifyRequest): Promise<CommandResult> => {
    const user = await requireRecentSignIn(request, verifier, DELETE_ACCOUNT_MAX_SIGN_IN_AGE_SECONDS);
    if (!sameEmail(command.confirmEmail, user.email)) {
      throw new HttpError(422, 'account_email_mismatch', 'The email is not the account’s.', {
        confirmEmail: 'account_email_mismatch',
      });
    }
    if (command.confirmPhrase !== DELETE_ACCOUNT_PHRASE) {
      throw new HttpError(422, 'account_phrase_mismatch', 'The phrase does not match.', {
        confirmPhrase: 'account_phrase_mismatch',
      });
    }
    return eraser.erase(user.uid, command.reason, command.commandId);
  };
}
