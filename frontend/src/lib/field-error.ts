import type { MessageId } from './messages';

/** A message to show next to a field, with its values. */
export interface FieldError {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, string | number>>;
}
