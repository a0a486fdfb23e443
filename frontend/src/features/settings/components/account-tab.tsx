import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { authConfig, passwordRules } from '../../../lib/auth/session';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { showSuccess } from '../../../ui/toast/toasts-slice';
import { changePassword, hasPassword, saveDisplayName, type User } from '../firebase-account';
import {
  localCalendarDate,
  providerName,
  signInProviders,
  validateName,
  validatePasswordChange,
  type PasswordChange,
  type PasswordErrors,
} from '../profile-rules';
import field from '../../../ui/field/field.module.css';
import { Badge } from '../../../ui/badge/badge';
import styles from '../settings.module.css';
import account from './account.module.css';
import { SettingsCard } from './settings-card';
import { PasswordRequirements } from '../../../ui/field/password-requirements';
import { usePasswordRules } from '../../../lib/auth/use-password-rules';
import { TextField } from '../../../ui/field/text-field';

/** Spec section 3, User: full name, email, verified flag, sign-in provider badges, member since. */
export function AccountTab({ user }: { readonly user: User }) {
  return (
    <div className={`${styles.stack} ${styles.sideBySide}`}>
      <ProfileSection key={user.uid} user={user} />
      <PasswordSection user={user} />
    </div>
  );
}

function ProviderBadge({ providerId }: { readonly providerId: string }) {
  const name = providerName(providerId, authConfig().providers);
  return (
    <li data-testid="provider-badge">
      <Badge>{'messageId' in name ? <FormattedMessage id={name.messageId} /> : name.text}</Badge>
    </li>
  );
}

function ProfileSection({ user }: { readonly user: User }) {
  const dispatch = useDispatch();
  const format = useFormat();
  const [name, setName] = useState(user.displayName ?? '');
  const [error, setError] = useState<MessageId | null>(null);
  const [saving, setSaving] = useState(false);
  const providers = signInProviders(user.providerData);
  const since = localCalendarDate(user.metadata.creationTime);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateName(name);
    setError(invalid);
    if (invalid !== null) return;
    setSaving(true);
    try {
      await saveDisplayName(user, name);
      dispatch(showSuccess('account.profile.saved'));
    } catch (failure) {
      setError(authErrorMessageId(authErrorCode(failure)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard
      titleId="profile-title"
      title="account.profile.title"
      lead="account.profile.lead"
      headerClassName={account.cardHeader}
      before={
        <span className={account.avatar} aria-hidden="true">
          {((user.displayName ?? user.email ?? 'P')[0] ?? 'P').toUpperCase()}
        </span>
      }
    >
      <dl className={account.details}>
        <div className={account.detail}>
          <dt>
            <FormattedMessage id="account.profile.email" />
          </dt>
          <dd className={account.detailValue}>
            <span data-testid="account-email">{user.email}</span>
            <Badge tone={user.emailVerified ? 'success' : 'warning'} testId="verified-badge">
              <FormattedMessage id={user.emailVerified ? 'account.profile.verified' : 'account.profile.notVerified'} />
            </Badge>
          </dd>
        </div>
        <div className={account.detail}>
          <dt>
            <FormattedMessage id="account.profile.signInWith" />
          </dt>
          <dd className={account.detailValue}>
            <ul className={account.badges}>
              {providers.map((providerId) => (
                <ProviderBadge key={providerId} providerId={providerId} />
              ))}
            </ul>
          </dd>
        </div>
        {since !== null && (
          <div className={account.detail}>
            <dt>
              <FormattedMessage id="account.profile.memberSince" />
            </dt>
            <dd className={account.detailValue} data-testid="member-since">
              {format.longDate(since)}
            </dd>
          </div>
        )}
      </dl>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label="account.profile.name"
          value={name}
          error={error}
          onValue={(value) => {
            setName(value);
            if (error !== null) setError(validateName(value));
          }}
          autoComplete="name"
          maxLength={100}
          required
        />
        <div className={`${field.actions} ${styles.formActions}`}>
          <button type="submit" className={buttonClass('primary')} disabled={saving} aria-busy={saving}>
            <FormattedMessage id={saving ? 'account.saving' : 'account.profile.save'} />
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

const NO_CHANGE: PasswordChange = { current: '', next: '', confirm: '' };

function PasswordSection({ user }: { readonly user: User }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const [values, setValues] = useState<PasswordChange>(NO_CHANGE);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<MessageId | null>(null);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // The identity service's policy, the one registration follows (at least 6 characters until known).
  const rules = usePasswordRules();

  if (!hasPassword(user)) {
    const names = signInProviders(user.providerData).map((id) => {
      const name = providerName(id, authConfig().providers);
      return 'messageId' in name ? intl.formatMessage({ id: name.messageId }) : name.text;
    });
    return (
      <SettingsCard titleId="password-title" title="account.password.title">
        <p className={styles.note} data-testid="password-managed">
          <FormattedMessage
            id="account.password.managedByProvider"
            values={{ providers: intl.formatList(names, { type: 'conjunction' }) }}
          />
        </p>
      </SettingsCard>
    );
  }

  const update = (field: keyof PasswordChange) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validatePasswordChange(next, rules));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const invalid = validatePasswordChange(values, await passwordRules());
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setSaving(true);
    try {
      await changePassword(user, values.current, values.next);
      setValues(NO_CHANGE);
      setSubmitted(false);
      dispatch(showSuccess('account.password.changed'));
    } catch (error) {
      setFailure(authErrorMessageId(authErrorCode(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard titleId="password-title" title="account.password.title">
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {/* Lets password managers tie the new password to this account. */}
        <input type="email" autoComplete="username" value={user.email ?? ''} readOnly hidden />
        <TextField
          label="account.password.current"
          type="password"
          autoComplete="current-password"
          value={values.current}
          error={errors.current ?? null}
          onValue={update('current')}
          required
        />
        <TextField
          label="account.password.new"
          type="password"
          autoComplete="new-password"
          value={values.next}
          error={errors.next ?? null}
          onValue={update('next')}
          details={<PasswordRequirements password={values.next} rules={rules} />}
          required
        />
        <TextField
          label="account.password.confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm ?? null}
          onValue={update('confirm')}
          required
        />
        {failure !== null && (
          <p role="alert" className={field.formError}>
            <FormattedMessage id={failure} />
          </p>
        )}
        <div className={`${field.actions} ${styles.formActions}`}>
          <button type="submit" className={buttonClass('primary')} disabled={saving} aria-busy={saving}>
            <FormattedMessage id={saving ? 'account.saving' : 'account.password.submit'} />
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
