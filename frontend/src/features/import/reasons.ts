import { useIntl } from 'react-intl';
import type { MessageId } from '../../lib/messages';

/**
 * The message of a reason rows were skipped for: `duplicate` (the user skipped a look-alike), a
 * file-reading code (`import.error.<code>`) or a refusal's error code (`error.<code>`); any other
 * code reads as "refused by the server".
 */
export function skippedReasonMessage(code: string, known: (id: string) => boolean): MessageId {
  if (code === 'duplicate') return 'import.skipped.duplicate';
  const candidates = [`import.error.${code}`, `error.${code}`];
  const found = candidates.find(known);
  return (found ?? 'import.skipped.other') as MessageId;
}

/** `skippedReasonMessage` with the catalog of the current language. */
export function useRowErrorMessage(): (code: string) => MessageId {
  const intl = useIntl();
  return (code) => skippedReasonMessage(code, (id) => Object.hasOwn(intl.messages, id));
}
