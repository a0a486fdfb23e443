import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../../app/store';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { passwordRules, registerAccount } from '../../../lib/auth/session';
import { LocalizedLink } from '../../../lib/localized-link';
import { useLocale } from '../../../lib/use-locale';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { FormAlert, formStyles as styles, PasswordField, SubmitButton, TextField } from '../components/fields';
import { PasswordRequirements } from '../../../ui/field/password-requirements';
import { usePasswordRules } from '../../../lib/auth/use-password-rules';
import { confirmErrors, newPasswordErrors } from '../../../lib/auth/password-messages';
import type { FieldError } from '../../../lib/field-error';
import { emailErrors, firstInvalid, nameErrors, termsErrors } from '../validation';
import { sendCode, startRegistration } from '../verification';

type Field = 'name' | 'email' | 'password' | 'confirm' | 'terms';
const ORDER: readonly Field[] = ['name', 'email', 'password', 'confirm', 'terms'];

const policyLink = (to: string) => (chunks: ReactNode[]) => (
  <LocalizedLink to={to} target="_blank" rel="noopener">
    {chunks}
  </LocalizedLink>
);

/**
 * Name, email, password twice and the terms. The new account is signed in but not verified, so
 * the page guard moves on to the verification page while the first code is sent.
 */
export function RegisterPage() {
  const dispatch = useAppDispatch();
  const { locale } = useLocale();
  const rules = usePasswordRules();
  const [values, setValues] = useState({ name: '', email: '', password: '', confirm: '' });
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError[]>>>({});
  const [formError, setFormError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
    terms: useRef<HTMLInputElement>(null),
  };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFormError(null);
    const policy = await passwordRules();
    const found = {
      name: nameErrors(values.name),
      email: emailErrors(values.email),
      password: newPasswordErrors(values.password, policy),
      confirm: values.password === '' ? [] : confirmErrors(values.password, values.confirm),
      terms: termsErrors(accepted),
    };
    setErrors(found);
    const invalid = firstInvalid(ORDER, found);
    if (invalid !== null) {
      setBusy(false);
      inputs[invalid].current?.focus();
      return;
    }
    const finish = startRegistration();
    try {
      const uid = await registerAccount(values.name.trim(), values.email.trim(), values.password);
      // The verification page shows a failure to send and offers to send again.
      await sendCode(uid, async () => {
        await dispatch(authApi.endpoints.sendVerificationCode.initiate({ locale })).unwrap();
      }).catch(() => undefined);
    } catch (error) {
      const code = authErrorCode(error);
      const message = { id: authErrorMessageId(code, 'authError.registrationFailed') };
      if (code === 'email-already-in-use' || code === 'invalid-email') {
        setErrors({ email: [message] });
        inputs.email.current?.focus();
      } else if (code === 'weak-password' || code === 'password-does-not-meet-requirements') {
        setErrors({ password: [message] });
        inputs.password.current?.focus();
      } else {
        setFormError(message);
      }
      setBusy(false);
    } finally {
      finish();
    }
  };

  return (
    <AuthCard title="page.register" lead={<FormattedMessage id="auth.register.lead" />}>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <FormAlert error={formError} />
        <TextField
          label="auth.fullName"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          errors={errors.name ?? []}
          inputRef={inputs.name}
        />
        <TextField
          label="auth.email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={values.email}
          onChange={set('email')}
          errors={errors.email ?? []}
          inputRef={inputs.email}
        />
        <PasswordField
          label="auth.password"
          name="new-password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          errors={errors.password ?? []}
          inputRef={inputs.password}
          hint={<PasswordRequirements password={values.password} rules={rules} />}
        />
        <PasswordField
          label="auth.confirmPassword"
          name="confirm-password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          errors={errors.confirm ?? []}
          inputRef={inputs.confirm}
        />
        <TermsCheckbox checked={accepted} onChange={setAccepted} errors={errors.terms ?? []} inputRef={inputs.terms} />
        <SubmitButton busy={busy} label="auth.register.submit" />
      </form>
      <p className={styles.footer}>
        <FormattedMessage
          id="auth.register.haveAccount"
          values={{ link: (chunks) => <LocalizedLink to="/auth/login">{chunks}</LocalizedLink> }}
        />
      </p>
    </AuthCard>
  );
}

function TermsCheckbox({
  checked,
  onChange,
  errors,
  inputRef,
}: {
  readonly checked: boolean;
  onChange(checked: boolean): void;
  readonly errors: readonly FieldError[];
  readonly inputRef: RefObject<HTMLInputElement | null>;
}) {
  const errorId = 'terms-errors';
  return (
    <div className={styles.checkbox}>
      <input
        ref={inputRef}
        id="accept-terms"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={errors.length > 0}
        aria-describedby={errors.length > 0 ? errorId : undefined}
      />
      <label htmlFor="accept-terms">
        <FormattedMessage
          id="auth.register.terms"
          values={{ terms: policyLink('/terms-of-service'), privacy: policyLink('/privacy-policy') }}
        />
      </label>
      {errors.length > 0 ? (
        <ul id={errorId} className={styles.errors}>
          {errors.map((error) => (
            <li key={error.id}>
              <FormattedMessage id={error.id} values={error.values} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
