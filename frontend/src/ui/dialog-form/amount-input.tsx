import type { FieldProps } from '../../lib/form/use-form';
import dialogForm from './dialog-form.module.css';

/** The form an amount input belongs to (`useForm` with a text field `field`). */
export interface AmountForm<K extends string> {
  readonly values: { readonly [P in K]: string };
  field(field: K, describedBy?: string): FieldProps;
  set(key: K, value: string): void;
}

/**
 * A dialog's amount input: typed in the language's number format (decimal keyboard on phones),
 * figures lined up at its end, no autofill.
 */
export function AmountInput<K extends string>({
  form,
  field,
  describedBy,
  testId,
}: {
  readonly form: AmountForm<NoInfer<K>>;
  readonly field: K;
  /** The id of a hint that describes the input too. */
  readonly describedBy?: string;
  readonly testId?: string;
}) {
  return (
    <input
      {...form.field(field, describedBy)}
      className={`${dialogForm.input} ${dialogForm.amountInput}`}
      value={form.values[field]}
      inputMode="decimal"
      autoComplete="off"
      data-testid={testId}
      onChange={(event) => form.set(field, event.target.value)}
    />
  );
}
