import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { safeRedirectPath } from '../../../app/guards';
import type { ApiError } from '../../../lib/api/api-error';
import { useCommand } from '../../../lib/api/use-command';
import { endSession, refreshVerifiedUser } from '../../../lib/auth/session';
import { wipeDeviceData } from '../../../lib/offline/device-data';
import { useLocalizedPath } from '../../../lib/localized-link';
import { useLocale } from '../../../lib/use-locale';
import { showInfo, showSuccess } from '../../../ui/toast/toasts-slice';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { formStyles as styles, SubmitButton, TextField } from '../components/fields';
import type { FieldError } from '../../../lib/field-error';
import { useForm } from '../../../lib/form/use-form';
import { codeDigits, codeErrors } from '../validation';
import {
  codeSentAt,
  forgetCodeSent,
  registrationSettled,
  rememberCodeSent,
  secondsUntilResend,
  sendCode,
  sentAtFromRetryAfter,
} from '../verification';

function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'messageId' in error && 'code' in error;
}

/** What the server says about the code itself, shown under the field. */
const CODE_REFUSALS = ['verification_code_wrong', 'verification_code_expired', 'verification_code_invalid'] as const;

/** Seconds left before another code may be sent, ticking down once a second. */
function useResendCountdown(uid: string | null) {
  const [sentAt, setSentAt] = useState(() => (uid === null ? null : codeSentAt(uid)));
  const [now, setNow] = useState(() => Date.now());
  const seconds = secondsUntilResend(sentAt, now);
  useEffect(() => {
    if (seconds === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [seconds]);
  const refresh = useCallback(() => {
    setSentAt(uid === null ? null : codeSentAt(uid));
    setNow(Date.now());
  }, [uid]);
  return { seconds, refresh };
}

/**
 * The 6-digit code mailed to the user. A code is sent on arrival unless one went out in the last
 * 60 s (also across a reload); resend waits out the same 60 s. Back to sign in signs out.
 */
export function VerifyPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const localized = useLocalizedPath();
  const { locale } = useLocale();
  const user = useAppSelector((state) => state.auth.user);
  const uid = user?.uid ?? null;
  const { seconds, refresh } = useResendCountdown(uid);
  const form = useForm<{ code: string }, 'code', FieldError[]>({
    initial: { code: '' },
    fields: ['code'],
    validate: ({ code }) => ({ code: codeErrors(code) }),
  });
  const [formError, setFormError] = useState<FieldError | null>(null);
  const sendVerification = useCommand('SendVerificationCode');
  const verifyEmail = useCommand('VerifyEmail');
  // Busy from a sent code until the page has moved on (the user is reloaded, then the page changes).
  const [busy, setBusy] = useState(false);
  // The first code goes out when the page opens: resend waits for it.
  const [sending, setSending] = useState(true);
  const input = useRef<HTMLInputElement | null>(null);
  const redirect = safeRedirectPath(new URLSearchParams(location.search).get('redirect'));

  const finishVerified = useCallback(async () => {
    dispatch(showSuccess('auth.verify.success'));
    await refreshVerifiedUser();
    await navigate(localized(redirect ?? '/dashboard'), { replace: true });
  }, [dispatch, localized, navigate, redirect]);

  const send = useCallback(
    async (force: boolean) => {
      if (uid === null) return;
      setSending(true);
      const run = sendVerification.run;
      try {
        await sendCode(
          uid,
          async () => {
            const outcome = await run({ locale });
            if (!outcome.ok) throw outcome.error;
          },
          { force },
        );
        if (force) dispatch(showInfo('auth.verify.resent'));
      } catch (error) {
        if (!isApiError(error)) {
          forgetCodeSent(uid);
          setFormError({ id: 'error.internal' });
        } else if (error.code === 'email_already_verified') {
          await finishVerified();
        } else if (error.code === 'verification_resend_too_early') {
          rememberCodeSent(uid, sentAtFromRetryAfter(error.retryAfterSeconds ?? 60, Date.now()));
        } else {
          forgetCodeSent(uid);
          setFormError({ id: error.messageId });
        }
      } finally {
        setSending(false);
        refresh();
      }
    },
    [dispatch, finishVerified, locale, refresh, sendVerification.run, uid],
  );

  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  }, [send]);
  useEffect(() => {
    if (uid === null) return;
    let current = true;
    // A registration under way sends the first code itself; this only sends one if none went out.
    void registrationSettled().then(() => {
      if (current) void latestSend.current(false);
    });
    return () => {
      current = false;
    };
  }, [uid]);

  const submit = form.onSubmit(async ({ code }) => {
    if (busy) return;
    setBusy(true);
    const outcome = await verifyEmail.run({ code });
    if (outcome.ok || outcome.error.code === 'email_already_verified') {
      // Moving on reloads the user; should that fail, the form says so and can be sent again.
      await finishVerified().catch(() => {
        setFormError({ id: 'error.internal' });
        setBusy(false);
      });
      return;
    }
    if ((CODE_REFUSALS as readonly string[]).includes(outcome.error.code)) {
      form.showErrors({ code: [{ id: outcome.error.messageId }] });
      input.current?.select();
    } else {
      setFormError({ id: outcome.error.messageId });
    }
    setBusy(false);
  });

  const backToLogin = async () => {
    await endSession();
    if (uid !== null) void wipeDeviceData(uid);
    // The page guard sends a guest on to the login page.
  };

  return (
    <AuthCard
      title="page.verify"
      lead={
        user?.email ? (
          <FormattedMessage
            id="auth.verify.sentTo"
            values={{ email: user.email, strong: (chunks) => <strong>{chunks}</strong> }}
          />
        ) : (
          <FormattedMessage id="auth.verify.lead" />
        )
      }
    >
      <AuthForm busy={busy} error={formError} onError={setFormError} onSubmit={submit}>
        <TextField
          label="auth.verify.code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
          placeholder="••••••"
          inputClassName={styles.code}
          value={form.values.code}
          onChange={(event) => form.set('code', codeDigits(event.target.value))}
          errors={form.errors.code ?? []}
          inputRef={(element) => {
            input.current = element;
            form.field('code').ref(element);
          }}
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the page's one field, for the code the user was just sent
          autoFocus
        />
        <SubmitButton busy={busy} label="auth.verify.submit" />
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.linkButton}
            disabled={seconds > 0 || sending}
            onClick={() => void send(true)}
            data-testid="resend"
          >
            {seconds > 0 ? (
              <FormattedMessage
                id="auth.verify.resendIn"
                values={{ seconds, count: (chunks) => <span className={styles.countdown}>{chunks}</span> }}
              />
            ) : (
              <FormattedMessage id="auth.verify.resend" />
            )}
          </button>
          <button type="button" className={styles.linkButton} onClick={() => void backToLogin()}>
            <FormattedMessage id="auth.backToLogin" />
          </button>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
