import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { redirectPending } from '../../../lib/auth/redirect-pending';
import { authConfig, signInWithPassword } from '../../../lib/auth/session';
import { socialReturn } from '../../../lib/auth/social-return';
import { LocalizedLink } from '../../../lib/localized-link';
import { buttonClass } from '../../../ui/button';
import { AuthCard } from '../components/auth-card';
import { FormAlert, formStyles as styles, PasswordField, SubmitButton, TextField } from '../components/fields';
import type { FieldError } from '../../../lib/field-error';
import { emailErrors, firstInvalid, loginPasswordErrors } from '../validation';

// Social sign-in is optional: its code loads, as soon as this page does, only where a provider is
// offered or a sign-in with one is coming back.
const socialModule =
  authConfig().providers.length > 0 || socialReturn() !== null || redirectPending()
    ? import('../components/social-sign-in')
    : null;
const SocialSignIn =
  socialModule === null ? null : lazy(() => socialModule.then((module) => ({ default: module.SocialSignIn })));

/**
 * Holds the place of the provider buttons while their code loads, at their size, so the page
 * does not move under the reader when they appear.
 */
function SocialPlaceholder({ count }: { readonly count: number }) {
  if (count === 0) return null;
  return (
    <div className={styles.socialPlaceholder} aria-hidden="true">
      <p className={styles.divider}>
        <FormattedMessage id="auth.orContinueWith" />
      </p>
      <ul className={styles.social}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <span className={`${buttonClass('secondary')} ${styles.socialButton}`}>&nbsp;</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Field = 'email' | 'password';
const ORDER: readonly Field[] = ['email', 'password'];

/**
 * Email and password, or a social account. Once signed in, the page guard moves on to the page
 * the visitor was going to (or the dashboard), or to the verification page.
 */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError[]>>>({});
  const [formError, setFormError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [socialBusy, setSocialBusy] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || socialBusy) return;
    const found = { email: emailErrors(email), password: loginPasswordErrors(password) };
    setErrors(found);
    setFormError(null);
    const invalid = firstInvalid(ORDER, found);
    if (invalid !== null) {
      inputs[invalid].current?.focus();
      return;
    }
    setBusy(true);
    try {
      await signInWithPassword(email.trim(), password);
    } catch (error) {
      setFormError({ id: authErrorMessageId(authErrorCode(error), 'authError.loginFailed') });
      setBusy(false);
      inputs.password.current?.focus();
    }
  };

  return (
    <AuthCard title="page.login" lead={<FormattedMessage id="auth.login.lead" />}>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <FormAlert error={formError} />
        <TextField
          label="auth.email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={errors.email ?? []}
          inputRef={inputs.email}
        />
        <PasswordField
          label="auth.password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={errors.password ?? []}
          inputRef={inputs.password}
          aside={
            <LocalizedLink to="/auth/forgot-password" className={styles.inlineLink}>
              <FormattedMessage id="auth.login.forgot" />
            </LocalizedLink>
          }
        />
        <SubmitButton busy={busy} label="auth.login.submit" />
        {SocialSignIn !== null && (
          <Suspense fallback={<SocialPlaceholder count={authConfig().providers.length} />}>
            <SocialSignIn disabled={busy} onBusyChange={setSocialBusy} onError={setFormError} />
          </Suspense>
        )}
      </form>
      <p className={styles.footer}>
        <FormattedMessage
          id="auth.login.noAccount"
          values={{
            link: (chunks) => <LocalizedLink to="/auth/register">{chunks}</LocalizedLink>,
          }}
        />
      </p>
    </AuthCard>
  );
}
