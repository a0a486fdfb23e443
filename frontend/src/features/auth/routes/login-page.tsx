import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { redirectPending } from '../../../lib/auth/redirect-pending';
import { authConfig, signInWithPassword } from '../../../lib/auth/session';
import { socialReturn } from '../../../lib/auth/social-return';
import { LocalizedLink } from '../../../lib/localized-link';
import { buttonClass } from '../../../ui/button';
import { AuthCard } from '../components/auth-card';
import { AuthForm, bound, EmailField } from '../components/auth-form';
import { AuthFooter } from '../components/auth-links';
import { formStyles as styles, PasswordField, SubmitButton } from '../components/fields';
import type { FieldError } from '../../../lib/field-error';
import { useForm } from '../../../lib/form/use-form';
import { emailErrors, loginPasswordErrors } from '../validation';

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
  const form = useForm<{ email: string; password: string }, Field, FieldError[]>({
    initial: { email: '', password: '' },
    fields: ORDER,
    validate: ({ email, password }) => ({ email: emailErrors(email), password: loginPasswordErrors(password) }),
  });
  const [formError, setFormError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [socialBusy, setSocialBusy] = useState(false);

  const submit = form.onSubmit(async ({ email, password }) => {
    if (busy || socialBusy) return;
    setBusy(true);
    try {
      await signInWithPassword(email.trim(), password);
    } catch (error) {
      setFormError({ id: authErrorMessageId(authErrorCode(error), 'authError.loginFailed') });
      setBusy(false);
      form.focus('password');
    }
  });

  return (
    <AuthCard title="page.login" lead={<FormattedMessage id="auth.login.lead" />}>
      <AuthForm busy={busy} error={formError} onError={setFormError} onSubmit={submit}>
        <EmailField form={form} />
        <PasswordField
          label="auth.password"
          name="password"
          autoComplete="current-password"
          {...bound(form, 'password')}
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
      </AuthForm>
      <AuthFooter message="auth.login.noAccount" to="/auth/register" linkPart />
    </AuthCard>
  );
}
