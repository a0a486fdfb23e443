import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { endSession } from '../../../lib/auth/session';
import { wipeDeviceData } from '../../../lib/offline/device-data';
import { useLocalizedPath } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
import field from '../../../ui/field/field.module.css';
import { TextField } from '../../../ui/field/text-field';
import { showError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useCommand } from '../../../lib/api/use-command';
import {
  blockedReason,
  DELETE_ACCOUNT_PHRASE,
  deleteAccountRequest,
  DELETION_STEPS,
  emailMatches,
  nextStep,
  NO_ANSWERS,
  previousStep,
  type DeletionAnswers,
  type DeletionStep,
} from '../deletion';
import { hasPassword, socialProviderId, type User } from '../firebase-account';
import styles from '../settings.module.css';
import { DeletionProgress, ReasonStep, STEP_TITLES, WarningStep } from './delete-account-steps';
import own from './delete-account.module.css';
import { ReauthPrompt, type Reauth } from './reauth-prompt';
import { SettingsCard } from './settings-card';

/** Spec section 2, account deletion: warning, optional reason, email, phrase, deleted. */
export function DeleteAccountFlow({ user }: { readonly user: User }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const deleteAccount = useCommand('DeleteAccount');
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<DeletionStep>('warning');
  const [answers, setAnswers] = useState<DeletionAnswers>(NO_ANSWERS);
  const [emailTouched, setEmailTouched] = useState(false);
  const [reauth, setReauth] = useState<Reauth | null>(null);
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
    moved.current = false;
    requestAnimationFrame(() => startButton.current?.focus());
  };

  // A retry after re-authentication sends the same request with the same command id.
  const submit = async (retried: boolean) => {
    goTo('deleted');
    const outcome = await deleteAccount.run(deleteAccountRequest(answers));
    if (!outcome.ok) {
      if (outcome.error.code === 'requires_recent_login' && !retried) {
        const providerId = hasPassword(user) ? null : socialProviderId(user);
        setReauth(providerId === null ? { kind: 'password' } : { kind: 'provider', providerId });
        goTo('phrase');
        return;
      }
      dispatch(showError('account.deleteFailed'));
      goTo('phrase');
      return;
    }
    await endSession();
    // Nothing of the deleted account stays on this device (answers, outbox, the cache in memory);
    // the database goes once no other tab holds it open.
    void wipeDeviceData(user.uid);
    dispatch(showSuccess('account.deleted'));
    await navigate(localized('/auth/login'), { replace: true });
  };

  const onContinue = () => {
    if (step === 'email') setEmailTouched(true);
    if (blocked !== null) return;
    if (step === 'phrase') void submit(false);
    else goTo(nextStep(step));
  };
  const continueOnEnter = (event: { readonly key: string }) => {
    if (event.key === 'Enter') onContinue();
  };

  if (!open) {
    return (
      <SettingsCard
        titleId={`${id}-title`}
        title="account.delete.title"
        lead="account.delete.lead"
        className={own.dangerCard}
      >
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
      </SettingsCard>
    );
  }

  const emailError = emailTouched && answers.email !== '' && !emailMatches(answers.email, accountEmail);
  const deleting = step === 'deleted';

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="account.delete.title"
      className={own.dangerCard}
      testId="delete-account"
    >
      <DeletionProgress stepNumber={stepNumber} />
      <div className={own.stepBody}>
        <p className={own.stepCount}>
          <FormattedMessage id="account.delete.stepCount" values={{ step: stepNumber, total: DELETION_STEPS.length }} />
        </p>
        <h3 ref={stepHeading} tabIndex={-1} className={own.stepTitle} data-testid="delete-step-title">
          <FormattedMessage id={STEP_TITLES[step]} />
        </h3>
        {step === 'warning' && <WarningStep />}
        {step === 'reason' && <ReasonStep name={`${id}-reason`} answers={answers} onAnswers={setAnswers} />}
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
            onKeyDown={continueOnEnter}
          />
        )}
        {step === 'phrase' && (
          <>
            <p className={own.phraseInstruction}>
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
              onKeyDown={continueOnEnter}
            />
            {reauth !== null && (
              <ReauthPrompt
                user={user}
                reauth={reauth}
                onConfirmed={() => {
                  setReauth(null);
                  void submit(true);
                }}
              />
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
            className={step === 'email' && emailError ? 'visually-hidden' : own.stepHint}
            aria-live="polite"
            data-testid="delete-step-hint"
          >
            {blocked !== null && reauth === null && <FormattedMessage id={blocked} />}
          </p>
          <div className={own.flowActions}>
            <button type="button" className={`${buttonClass('secondary')} ${own.cancel}`} onClick={close}>
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
                className={`${buttonClass(step === 'phrase' ? 'danger' : 'primary')} ${own.forward}`}
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
    </SettingsCard>
  );
}
