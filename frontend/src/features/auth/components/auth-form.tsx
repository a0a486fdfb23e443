import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import type { FieldError } from '../../../lib/field-error';
import type { Form } from '../../../lib/form/use-form';
import { FormAlert, formStyles as styles, TextField, type TextFieldProps } from './fields';

export interface AuthFormProps {
  readonly busy: boolean;
  /** The failure of the whole form, shown above it; cleared when the form is sent again. */
  readonly error: FieldError | null;
  onError(error: null): void;
  /** `form.onSubmit(…)` of the page's `useForm`. */
  onSubmit(event: FormEvent): void;
  readonly children: ReactNode;
}

/** A sign-in page's form: its alert, its fields, and the alert cleared on each submit. */
export function AuthForm({ busy, error, onError, onSubmit, children }: AuthFormProps) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        onError(null);
        onSubmit(event);
      }}
      aria-busy={busy}
    >
      <FormAlert error={error} />
      {children}
    </form>
  );
}

type TextForm<F extends string> = Pick<Form<Record<F, string>, F, FieldError[]>, 'values' | 'set' | 'errors' | 'field'>;

/** A text field's value, messages and focus from the page's `useForm`. */
export function bound<F extends string>(form: TextForm<NoInfer<F>>, field: F) {
  return {
    value: form.values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.set(field, event.target.value),
    errors: form.errors[field] ?? [],
    inputRef: form.field(field).ref,
  };
}

type EmailFieldProps = Omit<TextFieldProps, 'form' | 'label' | 'errors' | 'value' | 'onChange' | 'inputRef'> & {
  readonly form: TextForm<'email'>;
};

/** The email address of the sign-in, registration and forgotten-password forms. */
export function EmailField({ form, ...input }: EmailFieldProps) {
  return (
    <TextField
      label="auth.email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      {...input}
      {...bound(form, 'email')}
    />
  );
}
