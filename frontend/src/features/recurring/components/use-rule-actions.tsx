import type { RecurringRuleView } from '@plenty/contracts/views/recurring';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useCommand } from '../../../lib/api/use-command';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';

/**
 * Pause, resume and delete a rule (deleting after a confirmation that says the transactions
 * already recorded stay); `dialog` is the confirmation to render once on the page.
 */
export function useRuleActions(onDeleted?: () => void) {
  const dispatch = useDispatch();
  const pause = useCommand('PauseRecurringRule');
  const resume = useCommand('ResumeRecurringRule');
  const remove = useCommand('DeleteRecurringRule');
  const [deleting, setDeleting] = useState<{ readonly id: string; readonly name: string } | null>(null);

  const onPause = async (rule: RecurringRuleView, name: string) => {
    const outcome = await pause.run({ ruleId: rule.id });
    dispatch(outcome.ok ? showSuccess('recurring.toast.paused', { name }) : showApiError(outcome.error));
  };
  const onResume = async (rule: RecurringRuleView, name: string) => {
    const outcome = await resume.run({ ruleId: rule.id });
    dispatch(outcome.ok ? showSuccess('recurring.toast.resumed', { name }) : showApiError(outcome.error));
  };
  const onDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (target === null) return;
    const outcome = await remove.run({ ruleId: target.id });
    if (!outcome.ok) {
      dispatch(showApiError(outcome.error));
      return;
    }
    dispatch(showSuccess('recurring.toast.deleted', { name: target.name }));
    onDeleted?.();
  };

  return {
    busy: pause.pending || resume.pending || remove.pending,
    /** Pauses an active rule; resumes a paused or held one. */
    toggle: (rule: RecurringRuleView, name: string) =>
      void (rule.status === 'active' ? onPause(rule, name) : onResume(rule, name)),
    askDelete: (rule: RecurringRuleView, name: string) => setDeleting({ id: rule.id, name }),
    dialog: (
      <ConfirmDialog
        open={deleting !== null}
        title="recurring.deleteDialog.title"
        body="recurring.deleteDialog.body"
        confirm="recurring.delete"
        values={{ name: deleting?.name ?? '' }}
        danger
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      />
    ),
  };
}
