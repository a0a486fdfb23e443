import { useEffect, useEffectEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { SocialProvider } from '../../../lib/auth/auth-config';
import { authErrorCode, errorEmail, PROVIDER_NAMES, socialErrorMessageId } from '../../../lib/auth/auth-errors';
import { redirectPending } from '../../../lib/auth/redirect-pending';
import {
  authConfig,
  finishSocialRedirect,
  finishSocialSignIn,
  loadSocialSignIn,
  signInMethodsFor,
  signInWithSocial,
} from '../../../lib/auth/session';
import {
  forgetSocialReturn,
  socialFailureMessageId,
  socialReturn,
  socialStartUrl,
} from '../../../lib/auth/social-return';
import { useLocale } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/button';
import type { FieldError } from '../../../lib/field-error';
import { Spinner } from '../../../ui/spinner';
import { BrandIcon } from './brand-icons';
import styles from './form.module.css';

export interface SocialSignInProps {
  /** Another sign-in is running: the buttons wait. */
  readonly disabled: boolean;
  onBusyChange(busy: boolean): void;
  onError(error: FieldError | null): void;
}

/**
 * "Or continue with" and one button per offered provider. With the embedded identity a button
 * takes the page to the provider through the server, and back here the sign-in completes; with
 * a Firebase project a popup opens (the page goes to the provider when the popup is blocked).
 */
export function SocialSignIn(props: SocialSignInProps) {
  return authConfig().embedded ? <EmbeddedSocialSignIn {...props} /> : <FirebaseSocialSignIn {...props} />;
}

function ProviderButtons({
  providers,
  unavailable,
  busy,
  onStart,
}: {
  readonly providers: readonly SocialProvider[];
  readonly unavailable: boolean;
  readonly busy: string | null;
  onStart(provider: SocialProvider): void;
}) {
  const intl = useIntl();
  if (providers.length === 0) return null;
  return (
    <>
      <p className={styles.divider}>
        <FormattedMessage id="auth.orContinueWith" />
      </p>
      <ul className={styles.social}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <button
              type="button"
              className={`${buttonClass('secondary')} ${styles.socialButton}`}
              aria-label={intl.formatMessage({ id: 'auth.continueWith' }, { provider: provider.label })}
              aria-disabled={unavailable}
              aria-busy={busy === provider.id}
              onClick={() => onStart(provider)}
            >
              {busy === provider.id ? <Spinner /> : <BrandIcon provider={provider.id} />}
              <span className={styles.socialLabel} aria-hidden="true">
                {provider.label}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The embedded identity: the server runs the OpenID Connect sign-in and sends the page back
 * here with a one-time code (taken out of the address at start, see social-return.ts), which
 * becomes a session; the page guard then moves on.
 */
function EmbeddedSocialSignIn({ disabled, onBusyChange, onError }: SocialSignInProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const location = useLocation();
  const { providers } = authConfig();
  const [returned] = useState(socialReturn);
  const [finishing, setFinishing] = useState(returned?.kind === 'code');
  const [leavingFor, setLeavingFor] = useState<string | null>(null);

  // Back from the provider with a code or an error: finish or explain, once, when the page opens.
  const finishReturn = useEffectEvent(() => {
    if (returned === null) return;
    if (returned.kind === 'error') {
      forgetSocialReturn();
      const id = socialFailureMessageId(returned.reason);
      onError(
        id === 'authError.differentCredential'
          ? { id, values: { providers: intl.formatMessage({ id: 'auth.provider.another' }) } }
          : { id },
      );
      return;
    }
    let current = true;
    onBusyChange(true);
    finishSocialSignIn(returned.code).then(forgetSocialReturn, (error: unknown) => {
      forgetSocialReturn();
      if (!current) return;
      onError({ id: socialErrorMessageId(authErrorCode(error)) });
      setFinishing(false);
      onBusyChange(false);
    });
    return () => {
      current = false;
    };
  });
  useEffect(() => finishReturn(), []);

  useEffect(() => {
    // Back from the provider's page by the browser's Back button: the page is as it was left.
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setLeavingFor(null);
      onBusyChange(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [onBusyChange]);

  const start = (provider: SocialProvider) => {
    if (disabled || finishing || leavingFor !== null) return;
    onError(null);
    setLeavingFor(provider.id);
    onBusyChange(true);
    const redirect = new URLSearchParams(location.search).get('redirect');
    window.location.assign(socialStartUrl(provider.id, locale, redirect));
  };

  return (
    <>
      {finishing && (
        <p className={styles.socialStatus} role="status">
          <Spinner />
          <FormattedMessage id="auth.social.finishing" />
        </p>
      )}
      <ProviderButtons
        providers={providers}
        unavailable={disabled || finishing || leavingFor !== null}
        busy={leavingFor}
        onStart={start}
      />
    </>
  );
}

/** A Firebase project: a popup first, the provider's page when the browser blocks it. */
function FirebaseSocialSignIn({ disabled, onBusyChange, onError }: SocialSignInProps) {
  const intl = useIntl();
  const { providers } = authConfig();
  const [busy, setBusy] = useState<string | null>(() => (redirectPending() ? 'redirect' : null));

  const explain = async (error: unknown) => {
    const code = authErrorCode(error);
    if (code !== 'account-exists-with-different-credential') {
      return { id: socialErrorMessageId(code) } satisfies FieldError;
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

  // Back from a redirect sign-in: finish it, once, when the page opens (or load the sign-in code early).
  const finishRedirect = useEffectEvent(() => {
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
  });
  useEffect(() => finishRedirect(), []);

  const start = async (provider: SocialProvider) => {
    if (disabled || busy !== null) return;
    onError(null);
    setBusy(provider.id);
    onBusyChange(true);
    try {
      // Signed in: the page guard moves on. Leaving for the provider: the page unloads.
      await signInWithSocial(provider.id);
    } catch (error) {
      // Closing the popup is the user's choice; it still says why nothing happened.
      onError(await explain(error));
      setBusy(null);
      onBusyChange(false);
    }
  };

  return (
    <ProviderButtons
      providers={providers}
      unavailable={disabled || busy !== null}
      busy={busy}
      onStart={(provider) => void start(provider)}
    />
  );
}
