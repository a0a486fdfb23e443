import { useState, type ReactNode, type Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { useCommand } from '../../../lib/api/use-command';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { registerAccount } from '../../../lib/auth/session';
import { LocalizedLink } from '../../../lib/localized-link';
import { useLocale } from '../../../lib/use-locale';
import { AuthCard } from '../components/auth-card';
import { AuthForm, bound, EmailField } from '../components/auth-form';
import { AuthFooter } from '../components/auth-links';
import { formStyles as styles, PasswordField, SubmitButton, TextField, ErrorList } from '../components/fields';
import { PasswordRequirements } from '../../../ui/field/password-requirements';
import { usePasswordRules } from '../../../lib/auth/use-password-rules';
import { confirmErrors, newPasswordErrors } from '../../../lib/auth/password-messages';
import type { FieldError } from '../../../lib/field-error';
import { useForm, type FormMessages } from '../../../lib/form/use-form';
import type { PasswordRules } from '../../../lib/auth/password-policy';
import { emailErrors, nameErrors, termsErrors } from '../validation';
import { passesCurrentPolicy } from '../password-recheck';
import { sendCode, startRegistration } from '../verification';

type Field = 'name' | 'email' | 'password' | 'confirm' | 'terms';
const ORDER: readonly Field[] = ['name', 'email', 'password', 'confirm', 'terms'];

interface Registration {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly confirm: string;
  readonly accepted: boolean;
}

function registrationErrors(values: Registration, rules: PasswordRules): FormMessages<Field, FieldError[]> {
  return {
    name: nameErrors(values.name),
    email: emailErrors(values.email),
    password: newPasswordErrors(values.password, rules),
    confirm: values.password === '' ? [] : confirmErrors(values.password, values.confirm),
    terms: termsErrors(values.accepted),
  };
}

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
  const sendVerification = useCommand('SendVerificationCode');
  const { locale } = useLocale();
  const rules = usePasswordRules();
  const form = useForm<Registration, Field, FieldError[]>({
    initial: { name: '', email: '', password: '', confirm: '', accepted: false },
    fields: ORDER,
    validate: (values) => registrationErrors(values, rules),
  });
  const { values } = form;
  const [formError, setFormError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    if (busy) return;
    setBusy(true);
    if (!(await passesCurrentPolicy(form, values, ORDER, registrationErrors))) {
      setBusy(false);
      return;
    }
    const finish = startRegistration();
    try {
      const uid = await registerAccount(values.name.trim(), values.email.trim(), values.password);
      // The verification page shows a failure to send and offers to send again.
      await sendCode(uid, async () => {
        const outcome = await sendVerification.run({ locale });
        if (!outcome.ok) throw outcome.error;
      }).catch(() => undefined);
    } catch (error) {
      const code = authErrorCode(error);
      const message = { id: authErrorMessageId(code, 'authError.registrationFailed') };
      if (code === 'email-already-in-use' || code === 'invalid-email') {
        form.showErrors({ email: [message] });
      } else if (code === 'weak-password' || code === 'password-does-not-meet-requirements') {
        form.showErrors({ password: [message] });
      } else {
        setFormError(message);
      }
      setBusy(false);
    } finally {
      finish();
    }
  });

  return (
    <AuthCard title="page.register" lead={<FormattedMessage id="auth.register.lead" />}>
      <AuthForm busy={busy} error={formError} onError={setFormError} onSubmit={submit}>
        <TextField label="auth.fullName" name="name" autoComplete="name" {...bound(form, 'name')} />
        <EmailField form={form} />
        <PasswordField
          label="auth.password"
          name="new-password"
          autoComplete="new-password"
          {...bound(form, 'password')}
          hint={<PasswordRequirements password={values.password} rules={rules} />}
        />
        <PasswordField
          label="auth.confirmPassword"
          name="confirm-password"
          autoComplete="new-password"
          {...bound(form, 'confirm')}
        />
        <TermsCheckbox
          checked={values.accepted}
          onChange={(accepted) => form.set('accepted', accepted)}
          errors={form.errors.terms ?? []}
          inputRef={form.field('terms').ref}
        />
        <SubmitButton busy={busy} label="auth.register.submit" />
      </AuthForm>
      <AuthFooter message="auth.register.haveAccount" to="/auth/login" linkPart />
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
  readonly inputRef: Ref<HTMLInputElement>;
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
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
