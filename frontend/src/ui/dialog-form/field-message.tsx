import { FormattedMessage } from 'react-intl';
import type { Form } from '../../lib/form/use-form';
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
