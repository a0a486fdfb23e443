/*
 * Shared with the upcoming and reminder screens: a recurring rule's status badges (Paused,
 * Needs attention with the reason in words, Ended) and its mode, and the message of a held
 * rule's reason.
 */
import { ERROR_CODES, type ErrorCode } from '@plenty/contracts/errors';
import type { RecurringMode } from '@plenty/contracts/recurring';
import type { RecurringStatus } from '@plenty/contracts/views/recurring';
import { FormattedMessage } from 'react-intl';
import { errorMessageId } from '../../lib/api/api-error';
import type { MessageId } from '../../lib/messages';
import { Badge } from '../badge/badge';

/** The words of the error code a held rule was refused with (an unknown code: the general message). */
export function heldReasonMessage(reason: string | null): MessageId {
  return reason !== null && (ERROR_CODES as readonly string[]).includes(reason)
    ? errorMessageId(reason as ErrorCode)
    : 'error.internal';
}

export const MODE_LABELS: Record<RecurringMode, MessageId> = {
  auto: 'recurring.mode.auto',
  confirm: 'recurring.mode.confirm',
};

/** Paused, Needs attention or Ended; nothing for an active rule. */
export function RuleStatusBadge({ status }: { readonly status: RecurringStatus }) {
  if (status === 'active') return null;
  const tone = status === 'held' ? 'alert' : status === 'paused' ? 'warning' : 'neutral';
  const symbol = status === 'held' ? '!' : status === 'paused' ? '‖' : '✓';
  return (
    <Badge tone={tone} symbol={symbol} testId="rule-status" data={{ status }}>
      <FormattedMessage id={`recurring.status.${status}`} />
    </Badge>
  );
}

/** "Posts by itself" or "Asks you first". */
export function RuleModeBadge({ mode }: { readonly mode: RecurringMode }) {
  return (
    <Badge testId="rule-mode" data={{ kind: mode }}>
      <FormattedMessage id={MODE_LABELS[mode]} />
    </Badge>
  );
}
