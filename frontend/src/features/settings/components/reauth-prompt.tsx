import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { authConfig } from '../../../lib/auth/session';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
import field from '../../../ui/field/field.module.css';
import { TextField } from '../../../ui/field/text-field';
import { reauthenticateWithPassword, reauthenticateWithProvider, type User } from '../firebase-account';
import { providerName as nameOfProvider } from '../profile-rules';
import styles from './delete-account.module.css';

/** How the user proves again who they are when the server asks for a recent sign-in. */
export type Reauth = { readonly kind: 'password' } | { readonly kind: 'provider'; readonly providerId: string };

/**
 * The server asked for a recent sign-in (403 `requires_recent_login`): the password, or the
 * provider's popup, in place; `onConfirmed` retries once it is done.
 */
export function ReauthPrompt({
  user,
  reauth,
  onConfirmed,
}: {
  readonly user: User;
  readonly reauth: Reauth;
  onConfirmed(): void;
}) {
  const intl = useIntl();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<MessageId | null>(null);
  const [busy, setBusy] = useState(false);
  const providerName = (providerId: string) => {
    const name = nameOfProvider(providerId, authConfig().providers);
    return 'messageId' in name ? intl.formatMessage({ id: name.messageId }) : name.text;
  };

  const confirm = async () => {
    if (reauth.kind === 'password' && password === '') {
      setError('account.password.required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (reauth.kind === 'password') await reauthenticateWithPassword(user, password);
      else await reauthenticateWithProvider(user, reauth.providerId);
    } catch (failure) {
      setError(authErrorMessageId(authErrorCode(failure)));
      setBusy(false);
      return;
    }
    setBusy(false);
    onConfirmed();
  };

  return (
    <div className={styles.reauth} role="group" aria-labelledby={`${id}-reauth`}>
      <p id={`${id}-reauth`} className={styles.reauthTitle}>
        <FormattedMessage id="account.delete.reauth.title" />
      </p>
      {reauth.kind === 'password' ? (
        <TextField
          label="account.delete.reauth.password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onValue={setPassword}
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the prompt appears because of the user's own click
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Enter') void confirm();
          }}
        />
      ) : (
        error !== null && (
          <p role="alert" className={field.formError}>
            <FormattedMessage id={error} />
          </p>
        )
      )}
      <div className={field.actions}>
        <button
          type="button"
          className={buttonClass('danger')}
          disabled={busy}
          aria-busy={busy}
          autoFocus={reauth.kind === 'provider'}
          onClick={() => void confirm()}
        >
          {reauth.kind === 'password' ? (
            <FormattedMessage id="account.delete.reauth.confirm" />
          ) : (
            <FormattedMessage
              id="account.delete.reauth.provider"
              values={{ provider: providerName(reauth.providerId) }}
            />
          )}
        </button>
      </div>
    </div>
  );
}
