import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '../../../app/store';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { checkResetCode, resetPassword } from '../../../lib/auth/session';
import { LocalizedLink, useLocalizedPath } from '../../../lib/localized-link';
import { PageLoading } from '../../../ui/page-loading';
import { showSuccess } from '../../../ui/toast/toasts-slice';
import { AuthCard } from '../components/auth-card';
import { AuthForm, bound } from '../components/auth-form';
import { AuthActions, AuthFooter } from '../components/auth-links';
import { formStyles as styles, PasswordField, SubmitButton } from '../components/fields';
import { PasswordRequirements } from '../../../ui/field/password-requirements';
import { usePasswordRules } from '../../../lib/auth/use-password-rules';
import { confirmErrors, newPasswordErrors } from '../../../lib/auth/password-messages';
import type { FieldError } from '../../../lib/field-error';
import { useForm, type FormMessages } from '../../../lib/form/use-form';
import type { PasswordRules } from '../../../lib/auth/password-policy';
import { passesCurrentPolicy } from '../password-recheck';

type Field = 'password' | 'confirm';
const ORDER: readonly Field[] = ['password', 'confirm'];
type Passwords = { readonly password: string; readonly confirm: string };

function passwordsErrors({ password, confirm }: Passwords, rules: PasswordRules): FormMessages<Field, FieldError[]> {
  return {
    password: newPasswordErrors(password, rules),
    confirm: password === '' ? [] : confirmErrors(password, confirm),
  };
}

type LinkState =
  | { readonly kind: 'checking' }
  | { readonly kind: 'valid'; readonly email: string }
  | { readonly kind: 'invalid'; readonly message: FieldError };

/** Sets a new password with the link from the reset email (its code is the path's token). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const rules = usePasswordRules();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const form = useForm<Passwords, Field, FieldError[]>({
    initial: { password: '', confirm: '' },
    fields: ORDER,
    validate: (values) => passwordsErrors(values, rules),
  });
  const { values } = form;
  const [formError, setFormError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    checkResetCode(token).then(
      (email) => {
        if (current) setLink({ kind: 'valid', email });
      },
      (error: unknown) => {
        const code = authErrorCode(error);
        const expired = code === '' || code === 'expired-action-code' || code === 'invalid-action-code';
        if (current) {
          setLink({
            kind: 'invalid',
            message: { id: expired ? 'authError.actionCodeInvalid' : authErrorMessageId(code) },
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const submit = form.onSubmit(async (values) => {
    if (busy) return;
    setBusy(true);
    if (!(await passesCurrentPolicy(form, values, ORDER, passwordsErrors))) {
      setBusy(false);
      return;
    }
    try {
      await resetPassword(token, values.password);
      dispatch(showSuccess('auth.resetPassword.success'));
      await navigate(localized('/auth/login'), { replace: true });
    } catch (error) {
      const code = authErrorCode(error);
      if (code === 'expired-action-code' || code === 'invalid-action-code') {
        setLink({ kind: 'invalid', message: { id: 'authError.actionCodeInvalid' } });
        return;
      }
      const message = { id: authErrorMessageId(code) };
      if (code === 'weak-password' || code === 'password-does-not-meet-requirements') {
        form.showErrors({ password: [message] });
      } else {
        setFormError(message);
      }
      setBusy(false);
    }
  });

  if (link.kind === 'checking') {
    return (
      <AuthCard title="page.resetPassword" lead={<FormattedMessage id="auth.resetPassword.checking" />}>
        <PageLoading />
      </AuthCard>
    );
  }

  if (link.kind === 'invalid') {
    return (
      <AuthCard title="page.resetPassword" lead={<FormattedMessage id="auth.resetPassword.invalidLead" />}>
        <div className={styles.form}>
          <p className={styles.alert} role="alert" data-testid="reset-invalid">
            <FormattedMessage id={link.message.id} values={link.message.values} />
          </p>
          <AuthActions>
            <LocalizedLink to="/auth/forgot-password" className={styles.inlineLink}>
              <FormattedMessage id="auth.resetPassword.askAgain" />
            </LocalizedLink>
          </AuthActions>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="page.resetPassword"
      lead={
        <FormattedMessage
          id="auth.resetPassword.for"
          values={{ email: link.email, strong: (chunks) => <strong>{chunks}</strong> }}
        />
      }
    >
      <AuthForm busy={busy} error={formError} onError={setFormError} onSubmit={submit}>
        {/* Lets password managers save the new password for the right account. */}
        <input type="email" name="email" autoComplete="username" value={link.email} readOnly hidden />
        <PasswordField
          label="auth.newPassword"
          name="new-password"
          autoComplete="new-password"
          {...bound(form, 'password')}
          hint={<PasswordRequirements password={values.password} rules={rules} />}
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the page opens from the user's own reset link to set the new password
          autoFocus
        />
        <PasswordField
          label="auth.confirmPassword"
          name="confirm-password"
          autoComplete="new-password"
          {...bound(form, 'confirm')}
        />
        <SubmitButton busy={busy} label="auth.resetPassword.submit" />
      </AuthForm>
      <AuthFooter message="auth.backToLogin" to="/auth/login" />
    </AuthCard>
  );
}
