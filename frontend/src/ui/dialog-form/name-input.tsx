import type { FieldProps } from '../../lib/form/use-form';

/** The form a name input belongs to (`useForm` with a `name` field). */
export interface NameForm {
  readonly values: { readonly name: string };
  field(field: 'name'): FieldProps;
  set(key: 'name', value: string): void;
}

/**
 * A dialog's name input. Up to ten characters past `max` may be typed, so the form's own check
 * says the name is too long instead of the field silently refusing more.
 */
export function NameInput({
  form,
  max,
  className,
}: {
  readonly form: NameForm;
  readonly max: number;
  readonly className: string | undefined;
}) {
  return (
    <input
      {...form.field('name')}
      className={className}
      value={form.values.name}
      maxLength={max + 10}
      autoComplete="off"
      onChange={(event) => form.set('name', event.target.value)}
    />
  );
}
