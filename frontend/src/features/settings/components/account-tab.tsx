import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { authErrorCode, authErrorMessageId } from '../../../lib/auth/auth-errors';
import { authConfig, passwordRules } from '../../../lib/auth/session';
import type { FieldError } from '../../../lib/field-error';
import { useForm } from '../../../lib/form/use-form';
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
  const form = useForm({
    initial: { name: user.displayName ?? '' },
    fields: ['name'],
    validate: ({ name }: { readonly name: string }) => {
      const invalid = validateName(name);
      return invalid === null ? {} : { name: invalid };
    },
  });
  const [saving, setSaving] = useState(false);
  const providers = signInProviders(user.providerData);
  const since = localCalendarDate(user.metadata.creationTime);

  const save = form.onSubmit(async ({ name }) => {
    setSaving(true);
    try {
      await saveDisplayName(user, name);
      dispatch(showSuccess('account.profile.saved'));
    } catch (failure) {
      form.showErrors({ name: authErrorMessageId(authErrorCode(failure)) });
    } finally {
      setSaving(false);
    }
  });

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
      <form className={styles.form} onSubmit={save} noValidate>
        <TextField
          label="account.profile.name"
          value={form.values.name}
          error={form.errors.name ?? null}
          inputRef={form.field('name').ref}
          onValue={(value) => form.set('name', value)}
          autoComplete="name"
          maxLength={100}
          required
        />
        <SaveActions saving={saving} label="account.profile.save" />
      </form>
    </SettingsCard>
  );
}

const NO_CHANGE: PasswordChange = { current: '', next: '', confirm: '' };
const PASSWORD_FIELDS: readonly (keyof PasswordChange)[] = ['current', 'next', 'confirm'];

function PasswordSection({ user }: { readonly user: User }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const [failure, setFailure] = useState<MessageId | null>(null);
  const [saving, setSaving] = useState(false);
  // The identity service's policy, the one registration follows (at least 6 characters until known).
  const rules = usePasswordRules();
  const form = useForm<PasswordChange, keyof PasswordChange, FieldError>({
    initial: NO_CHANGE,
    fields: PASSWORD_FIELDS,
    validate: (values) => validatePasswordChange(values, rules),
  });
  const { values, errors } = form;

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

  const input = (name: keyof PasswordChange) => ({
    value: values[name],
    error: errors[name] ?? null,
    inputRef: form.field(name).ref,
    onValue: (value: string) => form.set(name, value),
  });

  const submit = form.onSubmit(async (checked) => {
    setFailure(null);
    // The policy as the identity service has it now, in case it was not fetched yet.
    const invalid = validatePasswordChange(checked, await passwordRules());
    if (Object.keys(invalid).length > 0) {
      form.showErrors(invalid);
      return;
    }
    setSaving(true);
    try {
      await changePassword(user, checked.current, checked.next);
      form.reset();
      dispatch(showSuccess('account.password.changed'));
    } catch (error) {
      setFailure(authErrorMessageId(authErrorCode(error)));
    } finally {
      setSaving(false);
    }
  });

  return (
    <SettingsCard titleId="password-title" title="account.password.title">
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* Lets password managers tie the new password to this account. */}
        <input type="email" autoComplete="username" value={user.email ?? ''} readOnly hidden />
        <TextField
          label="account.password.current"
          type="password"
          autoComplete="current-password"
          {...input('current')}
          required
        />
        <TextField
          label="account.password.new"
          type="password"
          autoComplete="new-password"
          {...input('next')}
          details={<PasswordRequirements password={values.next} rules={rules} />}
          required
        />
        <TextField
          label="account.password.confirm"
          type="password"
          autoComplete="new-password"
          {...input('confirm')}
          required
        />
        {failure !== null && (
          <p role="alert" className={field.formError}>
            <FormattedMessage id={failure} />
          </p>
        )}
        <SaveActions saving={saving} label="account.password.submit" />
      </form>
    </SettingsCard>
  );
}

/** A card form's submit button, busy and saying so while the change is saved. */
function SaveActions({ saving, label }: { readonly saving: boolean; readonly label: MessageId }) {
  return (
    <div className={`${field.actions} ${styles.formActions}`}>
      <button type="submit" className={buttonClass('primary')} disabled={saving} aria-busy={saving}>
        <FormattedMessage id={saving ? 'account.saving' : label} />
      </button>
    </div>
  );
}
