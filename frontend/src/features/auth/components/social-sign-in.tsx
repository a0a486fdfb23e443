import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SocialProvider } from '../../../lib/auth/auth-config';
import { authErrorCode, authErrorMessageId, errorEmail, PROVIDER_NAMES } from '../../../lib/auth/auth-errors';
import { redirectPending } from '../../../lib/auth/redirect-pending';
import {
  authConfig,
  finishSocialRedirect,
  loadSocialSignIn,
  signInMethodsFor,
  signInWithSocial,
} from '../../../lib/auth/session';
import { buttonClass } from '../../../ui/button';
import type { FieldError } from '../validation';
import { BrandIcon } from './brand-icons';
import styles from './form.module.css';

const LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  apple: 'Apple',
};

export interface SocialSignInProps {
  /** Another sign-in is running: the buttons wait. */
  readonly disabled: boolean;
  onBusyChange(busy: boolean): void;
  onError(error: FieldError | null): void;
}

/**
 * "Or continue with" and one button per offered provider. A popup first; when the browser
 * blocks it the page goes to the provider and, back here, the sign-in completes.
 */
export function SocialSignIn({ disabled, onBusyChange, onError }: SocialSignInProps) {
  const intl = useIntl();
  const providers = authConfig().providers;
  const [busy, setBusy] = useState<SocialProvider | 'redirect' | null>(() => (redirectPending() ? 'redirect' : null));

  const explain = async (error: unknown) => {
    const code = authErrorCode(error);
    if (code !== 'account-exists-with-different-credential') {
      return { id: authErrorMessageId(code, 'authError.socialFailed') } satisfies FieldError;
    }
    const email = errorEmail(error);
    const methods = email === null ? [] : await signInMethodsFor(email);
    const names = methods.map((method) =>
      method === 'password' || method === 'emailLink'
        ? intl.formatMessage({ id: 'auth.provider.password' })
        : (PROVIDER_NAMES[method] ?? method),
    );
    const providersText =
      names.length > 0
        ? intl.formatList([...new Set(names)], { type: 'disjunction' })
        : intl.formatMessage({ id: 'auth.provider.another' });
    return { id: 'authError.differentCredential', values: { providers: providersText } } satisfies FieldError;
  };

  useEffect(() => {
    if (!redirectPending()) {
      void loadSocialSignIn().catch(() => undefined);
      return;
    }
    onBusyChange(true);
    finishSocialRedirect().catch(async (error: unknown) => {
      onError(await explain(error));
      setBusy(null);
      onBusyChange(false);
    });
    // Runs once, when the page opens.
  }, []);

  if (providers.length === 0) return null;

  const start = async (provider: SocialProvider) => {
    if (disabled || busy !== null) return;
    onError(null);
    setBusy(provider);
    onBusyChange(true);
    try {
      // Signed in: the page guard moves on. Leaving for the provider: the page unloads.
      await signInWithSocial(provider);
    } catch (error) {
      // Closing the popup is the user's choice; it still says why nothing happened.
      onError(await explain(error));
      setBusy(null);
      onBusyChange(false);
    }
  };

  return (
    <>
      <p className={styles.divider}>
        <FormattedMessage id="auth.orContinueWith" />
      </p>
      <ul className={styles.social}>
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={`${buttonClass('secondary')} ${styles.socialButton}`}
              aria-label={intl.formatMessage({ id: 'auth.continueWith' }, { provider: LABELS[provider] })}
              aria-disabled={disabled || busy !== null}
              aria-busy={busy === provider}
              onClick={() => void start(provider)}
            >
              {busy === provider ? (
                <span className={styles.spinner} aria-hidden="true" />
              ) : (
                <BrandIcon provider={provider} />
              )}
              <span aria-hidden="true">{LABELS[provider]}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
