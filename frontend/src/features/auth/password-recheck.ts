import { passwordRules } from '../../lib/auth/session';
import type { PasswordRules } from '../../lib/auth/password-policy';
import type { FieldError } from '../../lib/field-error';
import type { Form, FormMessages } from '../../lib/form/use-form';

/**
 * Checks a new password's form once more against the identity provider's policy as it is now
 * (it may have changed since the page opened) and shows what fails at its fields, the first one
 * focused. True when nothing fails and the form may be sent.
 */
export async function passesCurrentPolicy<V, F extends string>(
  form: Pick<Form<V, F, FieldError[]>, 'showErrors'>,
  values: V,
  order: readonly F[],
  check: (values: V, rules: PasswordRules) => FormMessages<F, FieldError[]>,
): Promise<boolean> {
  const found = check(values, await passwordRules());
  if (!order.some((field) => (found[field]?.length ?? 0) > 0)) return true;
  form.showErrors(found);
  return false;
}
