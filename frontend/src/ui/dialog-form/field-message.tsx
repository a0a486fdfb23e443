import { FormattedMessage } from 'react-intl';
import type { Form } from '../../lib/form/use-form';
import type { MessageId } from '../../lib/messages';
import dialogForm from './dialog-form.module.css';

/** A field's message from a form made with `useForm`, under the field, linked by `form.errorId`. */
export function FieldMessage<F extends string>({
  form,
  field,
}: {
  readonly form: Pick<Form<unknown, F>, 'errors' | 'errorId'>;
  readonly field: F;
}) {
  const message = form.errors[field];
  return message === undefined ? null : (
    <p id={form.errorId(field)} className={dialogForm.fieldError}>
      <FormattedMessage id={message} />
    </p>
  );
}

/**
 * A refusal the server gave the form as a whole (`message`), announced at once; shown only while
 * none of the `fieldErrors` (each command's errors by field) names a field, where it is said instead.
 */
export function FormError({
  message,
  fieldErrors,
  testId,
}: {
  readonly message: MessageId | null;
  readonly fieldErrors: readonly Readonly<Record<string, unknown>>[];
  readonly testId: string;
}) {
  if (message === null || fieldErrors.some((errors) => Object.keys(errors).length > 0)) return null;
  return (
    <p className={dialogForm.fieldError} role="alert" data-testid={testId}>
      <FormattedMessage id={message} />
    </p>
  );
}
