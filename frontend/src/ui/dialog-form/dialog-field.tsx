import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Form } from '../../lib/form/use-form';
import type { MessageId } from '../../lib/messages';
import dialogForm from './dialog-form.module.css';
import { FieldMessage } from './field-message';

export interface DialogFieldProps<F extends string> {
  readonly form: Pick<Form<unknown, F>, 'errors' | 'errorId' | 'id'>;
  readonly field: F;
  readonly label: MessageId;
  readonly labelValues?: Readonly<Record<string, string>>;
  /** The control, given `form.field(field)`, so its label, message and focus are linked. */
  readonly children: ReactNode;
}

/** A dialog form's field: its label, its control and the control's message under it. */
export function DialogField<F extends string>({ form, field, label, labelValues, children }: DialogFieldProps<F>) {
  return (
    <div className={dialogForm.field}>
      <label htmlFor={form.id(field)} className={dialogForm.label}>
        <FormattedMessage id={label} values={labelValues} />
      </label>
      {children}
      <FieldMessage form={form} field={field} />
    </div>
  );
}
