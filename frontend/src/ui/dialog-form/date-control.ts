import type { FieldProps } from '../../lib/form/use-form';

/** A form field's props for `DateField`, which takes its input's ref as `inputRef`. */
export function dateControl({ ref, ...props }: FieldProps) {
  return { ...props, inputRef: ref };
}
