import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../../app/store';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldError } from '../../../lib/field-error';
import { useForm } from '../../../lib/form/use-form';
import { useLocale } from '../../../lib/use-locale';
import { showSuccess } from '../../../ui/toast/toasts-slice';
import { AuthCard } from '../components/auth-card';
import { AuthForm, EmailField } from '../components/auth-form';
import { AuthActions, AuthFooter } from '../components/auth-links';
import { formStyles as styles, SubmitButton } from '../components/fields';
import { emailErrors } from '../validation';

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * the page never tells who uses Plenty; only an invalid address or a failed request shows an error.
 */
export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const { locale } = useLocale();
  // The server's word on the address shows above the form, as "invalid email".
  const request = useCommand('RequestPasswordReset', {
    fields: ['email'],
    message: () => 'error.email_invalid',
  });
  const form = useForm<{ email: string }, 'email', FieldError[]>({
    initial: { email: '' },
    fields: ['email'],
    validate: ({ email }) => ({ email: emailErrors(email) }),
  });
  const [formError, setFormError] = useState<FieldError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  const busy = request.pending;

  const submit = form.onSubmit(async ({ email }) => {
    if (busy) return;
    const outcome = await request.run({ email: email.trim(), locale });
    if (!outcome.ok) {
      setFormError({ id: outcome.fieldErrors.email ?? outcome.error.messageId });
      return;
    }
    setSentTo(email.trim());
    dispatch(showSuccess('auth.forgotPassword.sentToast'));
    window.setTimeout(() => notice.current?.focus(), 0);
  });

  if (sentTo !== null) {
    return (
      <AuthCard title="page.forgotPassword" lead={<FormattedMessage id="auth.forgotPassword.lead" />}>
        <div className={styles.form}>
          <div className={styles.notice} role="status" tabIndex={-1} ref={notice} data-testid="reset-sent">
            <p className={styles.noticeTitle}>
              <FormattedMessage id="auth.forgotPassword.sentTitle" />
            </p>
            <p className={styles.noticeBody}>
              <FormattedMessage
                id="auth.forgotPassword.sentBody"
                values={{ email: sentTo, strong: (chunks) => <strong>{chunks}</strong> }}
              />
            </p>
          </div>
          <AuthActions>
            <button type="button" className={styles.linkButton} onClick={() => setSentTo(null)}>
              <FormattedMessage id="auth.forgotPassword.again" />
            </button>
          </AuthActions>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="page.forgotPassword" lead={<FormattedMessage id="auth.forgotPassword.lead" />}>
      <AuthForm busy={busy} error={formError} onError={setFormError} onSubmit={submit}>
        <EmailField
          form={form}
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the page's one field, reached by the user's own press on the sign-in page
          autoFocus
        />
        <SubmitButton busy={busy} label="auth.forgotPassword.submit" />
      </AuthForm>
      <AuthFooter message="auth.backToLogin" to="/auth/login" />
    </AuthCard>
  );
}
