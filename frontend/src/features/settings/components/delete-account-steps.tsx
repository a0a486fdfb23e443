import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import {
  DELETION_REASONS,
  DELETION_STEPS,
  type DeletionAnswers,
  type DeletionReason,
  type DeletionStep,
} from '../deletion';
import shared from '../settings.module.css';
import styles from './delete-account.module.css';

const STEP_LABELS: Record<DeletionStep, MessageId> = {
  warning: 'account.delete.step.warning',
  reason: 'account.delete.step.reason',
  email: 'account.delete.step.email',
  phrase: 'account.delete.step.phrase',
  deleted: 'account.delete.step.deleted',
};

export const STEP_TITLES: Record<DeletionStep, MessageId> = {
  warning: 'account.delete.warning.title',
  reason: 'account.delete.reason.title',
  email: 'account.delete.email.title',
  phrase: 'account.delete.phrase.title',
  deleted: 'account.delete.deleting',
};

const reasonLabel = (reason: DeletionReason): MessageId => `account.delete.reason.${reason}`;

const ERASED: readonly MessageId[] = [
  'account.delete.erased.transactions',
  'account.delete.erased.categories',
  'account.delete.erased.budgets',
  'account.delete.erased.goals',
  'account.delete.erased.debts',
  'account.delete.erased.receipts',
  'account.delete.erased.signIn',
];

/** The five steps as a list: done ones ticked, the current one named (on a phone only it). */
export function DeletionProgress({ stepNumber }: { readonly stepNumber: number }) {
  const intl = useIntl();
  return (
    <ol className={styles.steps} aria-label={intl.formatMessage({ id: 'account.delete.progress' })}>
      {DELETION_STEPS.map((entry, index) => {
        const state = index + 1 < stepNumber ? 'done' : index + 1 === stepNumber ? 'current' : 'todo';
        return (
          <li
            key={entry}
            className={styles.stepItem}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className={styles.stepLabel}>
              <FormattedMessage id={STEP_LABELS[entry]} />
              {state === 'done' && (
                <span className="visually-hidden">
                  {' '}
                  <FormattedMessage id="account.delete.stepDone" />
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Step 1: what deleting erases, and that it cannot be undone. */
export function WarningStep() {
  return (
    <>
      <p>
        <FormattedMessage id="account.delete.warning.lead" />
      </p>
      <ul className={styles.erasedList}>
        {ERASED.map((item) => (
          <li key={item}>
            <FormattedMessage id={item} />
          </li>
        ))}
      </ul>
      <p className={shared.warning} role="note">
        <FormattedMessage id="account.delete.warning.final" />
      </p>
    </>
  );
}

/** Step 2: an optional reason, "Prefer not to say" included. */
export function ReasonStep({
  name,
  answers,
  onAnswers,
}: {
  readonly name: string;
  readonly answers: DeletionAnswers;
  onAnswers(answers: DeletionAnswers): void;
}) {
  return (
    <fieldset className={styles.reasons}>
      <legend className={styles.legend}>
        <FormattedMessage id="account.delete.reason.legend" />
      </legend>
      {[...DELETION_REASONS, null].map((reason) => (
        <label key={reason ?? 'none'} className={styles.reason}>
          <input
            type="radio"
            name={name}
            checked={answers.reason === reason}
            onChange={() => onAnswers({ ...answers, reason })}
          />
          <FormattedMessage id={reason === null ? 'account.delete.reason.none' : reasonLabel(reason)} />
        </label>
      ))}
    </fieldset>
  );
}
