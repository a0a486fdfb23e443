import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import {
  passwordProblems,
  requirementsOf,
  type PasswordProblem,
  type PasswordRules,
} from '../../lib/auth/password-policy';
import { problemMessage } from '../../lib/auth/password-messages';
import styles from './password-requirements.module.css';

const REQUIREMENT_LABELS: Record<Exclude<PasswordProblem, 'required'>, MessageId> = {
  tooShort: 'auth.requirement.minLength',
  tooLong: 'auth.requirement.maxLength',
  lowercase: 'auth.requirement.lowercase',
  uppercase: 'auth.requirement.uppercase',
  numeric: 'auth.requirement.number',
  symbol: 'auth.requirement.symbol',
};

/** The policy's requirements (sign-up, reset, Settings › Account), each marked once the typed password meets it. */
export function PasswordRequirements({
  password,
  rules,
}: {
  readonly password: string;
  readonly rules: PasswordRules;
}) {
  const intl = useIntl();
  const unmet = new Set(passwordProblems(password, rules));
  return (
    <ul className={styles.requirements} aria-label={intl.formatMessage({ id: 'auth.requirements' })}>
      {requirementsOf(rules).map((requirement) => {
        if (requirement === 'required') return null;
        const met = password !== '' && !unmet.has(requirement);
        const message = problemMessage(requirement, rules);
        return (
          <li key={requirement} className={`${styles.requirement} ${met ? styles.requirementMet : ''}`}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span>
            <FormattedMessage id={REQUIREMENT_LABELS[requirement]} values={message.values} />
            {met ? (
              <span className="visually-hidden">
                <FormattedMessage id="auth.requirementMet" />
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
