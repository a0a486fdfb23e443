import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../../app/store';
import { LocalizedLink } from '../../../lib/localized-link';
import { useLocale } from '../../../lib/use-locale';
import { showSuccess } from '../../../ui/toast/toasts-slice';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { FormAlert, formStyles as styles, SubmitButton, TextField } from '../components/fields';
import type { FieldError } from '../../../lib/field-error';
import { emailErrors } from '../validation';

function messageOf(error: unknown): FieldError {
  if (typeof error === 'object' && error !== null && 'messageId' in error && 'fields' in error) {
    const { messageId, fields } = error as { messageId: FieldError['id']; fields: Record<string, string> };
    if (fields['email'] !== undefined) return { id: 'error.email_invalid' };
    return { id: messageId };
  }
  return { id: 'error.internal' };
}

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * the page never tells who uses Plenty; only an invalid address or a failed request shows an error.
 */
export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const { locale } = useLocale();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [formError, setFormError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const notice = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = emailErrors(email);
    setErrors(found);
    setFormError(null);
    if (found.length > 0) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await dispatch(authApi.endpoints.requestPasswordReset.initiate({ email: email.trim(), locale })).unwrap();
      setSentTo(email.trim());
      dispatch(showSuccess('auth.forgotPassword.sentToast'));
      window.setTimeout(() => notice.current?.focus(), 0);
    } catch (error) {
      setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

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
          <div className={styles.actions}>
            <button type="button" className={styles.linkButton} onClick={() => setSentTo(null)}>
              <FormattedMessage id="auth.forgotPassword.again" />
            </button>
            <LocalizedLink to="/auth/login" className={styles.inlineLink}>
              <FormattedMessage id="auth.backToLogin" />
            </LocalizedLink>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="page.forgotPassword" lead={<FormattedMessage id="auth.forgotPassword.lead" />}>
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
          errors={errors}
          inputRef={input}
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the page's one field, reached by the user's own press on the sign-in page
          autoFocus
        />
        <SubmitButton busy={busy} label="auth.forgotPassword.submit" />
      </form>
      <p className={styles.footer}>
        <LocalizedLink to="/auth/login">
          <FormattedMessage id="auth.backToLogin" />
        </LocalizedLink>
      </p>
    </AuthCard>
  );
}
