import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/api';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { authConfig, endSession } from '../../../lib/auth/session';
import { useLocalizedPath } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
import { showError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useDeleteAccountMutation } from '../api';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import {
  blockedReason,
  DELETE_ACCOUNT_PHRASE,
  deleteAccountRequest,
  DELETION_REASONS,
  DELETION_STEPS,
  emailMatches,
  nextStep,
  NO_ANSWERS,
  previousStep,
  type DeletionAnswers,
  type DeletionReason,
  type DeletionStep,
} from '../deletion';
import {
  hasPassword,
  reauthenticateWithPassword,
  reauthenticateWithProvider,
  socialProviderId,
  type User,
} from '../firebase-account';
import { providerName as nameOfProvider } from '../profile-rules';
import field from '../../../ui/field/field.module.css';
import styles from '../settings.module.css';
import { TextField } from '../../../ui/field/text-field';

const STEP_LABELS: Record<DeletionStep, MessageId> = {
  warning: 'account.delete.step.warning',
  reason: 'account.delete.step.reason',
  email: 'account.delete.step.email',
  phrase: 'account.delete.step.phrase',
  deleted: 'account.delete.step.deleted',
};

const STEP_TITLES: Record<DeletionStep, MessageId> = {
  warning: 'account.delete.warning.title',
  reason: 'account.delete.reason.title',
  email: 'account.delete.email.title',
  phrase: 'account.delete.phrase.title',
  deleted: 'account.delete.deleting',
};

const REASON_LABELS: Record<DeletionReason, MessageId> = {
  not_useful: 'account.delete.reason.not_useful',
  too_complicated: 'account.delete.reason.too_complicated',
  privacy: 'account.delete.reason.privacy',
  switching: 'account.delete.reason.switching',
  other: 'account.delete.reason.other',
};

const ERASED: readonly MessageId[] = [
  'account.delete.erased.transactions',
  'account.delete.erased.categories',
  'account.delete.erased.budgets',
  'account.delete.erased.goals',
  'account.delete.erased.debts',
  'account.delete.erased.receipts',
  'account.delete.erased.signIn',
];

/** How the user proves again who they are when the server asks for a recent sign-in. */
type Reauth = { readonly kind: 'password' } | { readonly kind: 'provider'; readonly providerId: string };

function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'code' in error && 'messageId' in error;
}

/** Spec section 2, account deletion: warning, optional reason, email, phrase, deleted. */
export function DeleteAccountFlow({ user }: { readonly user: User }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [deleteAccount] = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<DeletionStep>('warning');
  const [answers, setAnswers] = useState<DeletionAnswers>(NO_ANSWERS);
  const [emailTouched, setEmailTouched] = useState(false);
  const [reauth, setReauth] = useState<Reauth | null>(null);
  const [reauthPassword, setReauthPassword] = useState('');
  const [reauthError, setReauthError] = useState<MessageId | null>(null);
  const [reauthenticating, setReauthenticating] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const accountEmail = user.email;
  const reason = blockedReason(step, answers, accountEmail);
  // While the email is still being typed, say what is needed rather than that it does not match yet.
  const blocked: MessageId | null =
    step === 'email' && reason === 'error.account_email_mismatch' && !emailTouched
      ? 'account.delete.email.needed'
      : reason;
  const stepNumber = DELETION_STEPS.indexOf(step) + 1;
  const providerName = (providerId: string) => {
    const name = nameOfProvider(providerId, authConfig().providers);
    return 'messageId' in name ? intl.formatMessage({ id: name.messageId }) : name.text;
  };

  // Each new step is announced by moving focus to its heading; a re-authentication prompt takes focus itself.
  const reauthShown = reauth !== null;
  useEffect(() => {
    if (!moved.current || reauthShown) return;
    stepHeading.current?.focus();
  }, [step, open, reauthShown]);

  const goTo = (target: DeletionStep) => {
    moved.current = true;
    setStep(target);
  };

  const close = () => {
    setOpen(false);
    setStep('warning');
    setAnswers(NO_ANSWERS);
    setEmailTouched(false);
    setReauth(null);
    setReauthPassword('');
    setReauthError(null);
    moved.current = false;
    requestAnimationFrame(() => startButton.current?.focus());
  };

  const submit = async (requestId: string, retried: boolean) => {
    goTo('deleted');
    try {
      await deleteAccount(deleteAccountRequest(requestId, answers)).unwrap();
    } catch (error) {
      if (isApiError(error) && error.code === 'requires_recent_login' && !retried) {
        const providerId = hasPassword(user) ? null : socialProviderId(user);
        setReauth(providerId === null ? { kind: 'password' } : { kind: 'provider', providerId });
        goTo('phrase');
        return;
      }
      dispatch(showError('account.deleteFailed'));
      goTo('phrase');
      return;
    }
    dispatch(api.util.resetApiState());
    await endSession();
    dispatch(showSuccess('account.deleted'));
    await navigate(localized('/auth/login'), { replace: true });
  };

  const confirmIdentity = async () => {
    if (reauth === null) return;
    if (reauth.kind === 'password' && reauthPassword === '') {
      setReauthError('account.password.required');
      return;
    }
    setReauthenticating(true);
    setReauthError(null);
    try {
      if (reauth.kind === 'password') await reauthenticateWithPassword(user, reauthPassword);
      else await reauthenticateWithProvider(user, reauth.providerId);
    } catch (error) {
      setReauthError(authErrorMessageId(authErrorCode(error)));
      setReauthenticating(false);
      return;
    }
    setReauthenticating(false);
    setReauth(null);
    setReauthPassword('');
    await submit(uuidV7(), true);
  };

  const onContinue = () => {
    if (step === 'email') setEmailTouched(true);
    if (blocked !== null) return;
    if (step === 'phrase') void submit(uuidV7(), false);
    else goTo(nextStep(step));
  };

  if (!open) {
    return (
      <section className={`${styles.card} ${styles.dangerCard}`} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          <FormattedMessage id="account.delete.title" />
        </h2>
        <p className={styles.muted}>
          <FormattedMessage id="account.delete.lead" />
        </p>
        <div className={`${field.actions} ${styles.formActions}`}>
          <button
            ref={startButton}
            type="button"
            className={buttonClass('danger')}
            onClick={() => {
              moved.current = true;
              setOpen(true);
            }}
          >
            <FormattedMessage id="account.delete.start" />
          </button>
        </div>
      </section>
    );
  }

  const emailError = emailTouched && answers.email !== '' && !emailMatches(answers.email, accountEmail);
  const deleting = step === 'deleted';

  return (
    <section
      className={`${styles.card} ${styles.dangerCard}`}
      aria-labelledby={`${id}-title`}
      data-testid="delete-account"
    >
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        <FormattedMessage id="account.delete.title" />
      </h2>
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

      <div className={styles.stepBody}>
        <p className={styles.stepCount}>
          <FormattedMessage id="account.delete.stepCount" values={{ step: stepNumber, total: DELETION_STEPS.length }} />
        </p>
        <h3 ref={stepHeading} tabIndex={-1} className={styles.stepTitle} data-testid="delete-step-title">
          <FormattedMessage id={STEP_TITLES[step]} />
        </h3>

        {step === 'warning' && (
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
            <p className={styles.warning} role="note">
              <FormattedMessage id="account.delete.warning.final" />
            </p>
          </>
        )}

        {step === 'reason' && (
          <fieldset className={styles.reasons}>
            <legend className={styles.legend}>
              <FormattedMessage id="account.delete.reason.legend" />
            </legend>
            {[...DELETION_REASONS, null].map((reason) => (
              <label key={reason ?? 'none'} className={styles.reason}>
                <input
                  type="radio"
                  name={`${id}-reason`}
                  checked={answers.reason === reason}
                  onChange={() => setAnswers({ ...answers, reason })}
                />
                <FormattedMessage id={reason === null ? 'account.delete.reason.none' : REASON_LABELS[reason]} />
              </label>
            ))}
          </fieldset>
        )}

        {step === 'email' && (
          <TextField
            label="account.delete.email.label"
            hint="account.delete.email.hint"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={answers.email}
            error={emailError ? 'error.account_email_mismatch' : null}
            onValue={(email) => setAnswers({ ...answers, email })}
            onBlur={() => setEmailTouched(true)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onContinue();
            }}
          />
        )}

        {step === 'phrase' && (
          <>
            <p className={styles.phraseInstruction}>
              <FormattedMessage
                id="account.delete.phrase.instruction"
                values={{ phrase: DELETE_ACCOUNT_PHRASE, strong: (chunks) => <strong lang="en">{chunks}</strong> }}
              />
            </p>
            <TextField
              label="account.delete.phrase.label"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              lang="en"
              value={answers.phrase}
              onValue={(phrase) => setAnswers({ ...answers, phrase })}
              disabled={reauth !== null}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onContinue();
              }}
            />
            {reauth !== null && (
              <div className={styles.reauth} role="group" aria-labelledby={`${id}-reauth`}>
                <p id={`${id}-reauth`} className={styles.reauthTitle}>
                  <FormattedMessage id="account.delete.reauth.title" />
                </p>
                {reauth.kind === 'password' ? (
                  <TextField
                    label="account.delete.reauth.password"
                    type="password"
                    autoComplete="current-password"
                    value={reauthPassword}
                    error={reauthError}
                    onValue={setReauthPassword}
                    autoFocus
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') void confirmIdentity();
                    }}
                  />
                ) : (
                  reauthError !== null && (
                    <p role="alert" className={field.formError}>
                      <FormattedMessage id={reauthError} />
                    </p>
                  )
                )}
                <div className={`${field.actions} ${styles.formActions}`}>
                  <button
                    type="button"
                    className={buttonClass('danger')}
                    disabled={reauthenticating}
                    aria-busy={reauthenticating}
                    autoFocus={reauth.kind === 'provider'}
                    onClick={() => void confirmIdentity()}
                  >
                    {reauth.kind === 'password' ? (
                      <FormattedMessage id="account.delete.reauth.confirm" />
                    ) : (
                      <FormattedMessage
                        id="account.delete.reauth.provider"
                        values={{ provider: providerName(reauth.providerId) }}
                      />
                    )}
                  </button>
                </div>
              </div>
            )}
          </>
        )}

        {deleting && (
          <p className={styles.deleting} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            <FormattedMessage id="account.delete.deletingBody" />
          </p>
        )}
      </div>

      {!deleting && (
        <>
          {/* When the field already shows the same error, the hint stays for screen readers only. */}
          <p
            id={hintId}
            className={step === 'email' && emailError ? 'visually-hidden' : styles.stepHint}
            aria-live="polite"
            data-testid="delete-step-hint"
          >
            {blocked !== null && reauth === null && <FormattedMessage id={blocked} />}
          </p>
          <div className={styles.flowActions}>
            <button type="button" className={`${buttonClass('secondary')} ${styles.cancel}`} onClick={close}>
              <FormattedMessage id="common.cancel" />
            </button>
            {step !== 'warning' && (
              <button type="button" className={buttonClass('secondary')} onClick={() => goTo(previousStep(step))}>
                <FormattedMessage id="account.delete.back" />
              </button>
            )}
            {reauth === null && (
              <button
                type="button"
                className={`${buttonClass(step === 'phrase' ? 'danger' : 'primary')} ${styles.forward}`}
                aria-disabled={blocked !== null}
                aria-describedby={blocked !== null ? hintId : undefined}
                data-blocked={blocked !== null}
                onClick={onContinue}
              >
                <FormattedMessage id={step === 'phrase' ? 'account.delete.confirm' : 'account.delete.continue'} />
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
