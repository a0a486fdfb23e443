import { useState } from 'react';
import type { MessageId } from '../../../lib/messages';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { Preferences } from '@plenty/contracts/preferences';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { useCommand } from '../../../lib/api/use-command';
import { usePreferences } from '../../../lib/preferences';
import { buttonClass } from '../../../ui/button';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import field from '../../../ui/field/field.module.css';
import styles from '../settings.module.css';
import { SettingsCard } from './settings-card';
import own from '../preferences.module.css';
import { SwitchRow } from './switch-row';

type PrivacyChoice = keyof Pick<Preferences, 'analyticsConsent' | 'saveLocation'>;

const PRIVACY_SWITCHES: readonly {
  readonly choice: PrivacyChoice;
  readonly label: MessageId;
  readonly hint: MessageId;
  readonly testId: string;
}[] = [
  {
    choice: 'analyticsConsent',
    label: 'preferences.privacy.analytics',
    hint: 'preferences.privacy.analyticsHint',
    testId: 'privacy-analytics',
  },
  {
    choice: 'saveLocation',
    label: 'preferences.privacy.location',
    hint: 'preferences.privacy.locationHint',
    testId: 'privacy-location',
  },
];

/** Whether anonymous usage statistics are shared and whether transactions may carry a location. */
export function PrivacySection() {
  const dispatch = useDispatch();
  const { preferences, isLoading, isError, error, refetch, isFetching } = usePreferences();
  const changePreferences = useCommand('ChangePreferences');
  const saving = changePreferences.pending;
  // While a change is on its way, the switch shows the value asked for.
  const [asked, setAsked] = useState<Partial<Record<PrivacyChoice, boolean>>>({});

  const toggle = async (choice: PrivacyChoice, value: boolean) => {
    setAsked((current) => ({ ...current, [choice]: value }));
    const outcome = await changePreferences.run({ changes: { [choice]: value } });
    if (outcome.ok) dispatch(showSuccess('preferences.privacy.saved'));
    else {
      dispatch(showApiError(outcome.error));
      setAsked((current) => {
        const next = { ...current };
        delete next[choice];
        return next;
      });
    }
  };

  // The preferences read again after the change say what holds now.
  const [answered, setAnswered] = useState(preferences);
  if (answered !== preferences) {
    setAnswered(preferences);
    setAsked({});
  }

  const shown = (choice: PrivacyChoice): boolean => asked[choice] ?? preferences?.[choice] ?? false;

  return (
    <SettingsCard
      titleId="privacy-choices-title"
      title="preferences.privacy.title"
      lead="preferences.privacy.lead"
      testId="privacy-choices"
    >
      {isError ? (
        <div role="alert" className={`${styles.loadError} ${field.actions} ${own.actions}`}>
          <FormattedMessage id={loadFailedMessageId(error, 'preferences.loadFailed')} />
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            <FormattedMessage id="preferences.retry" />
          </button>
        </div>
      ) : (
        <ul className={own.switches} aria-busy={isLoading}>
          {PRIVACY_SWITCHES.map(({ choice, label, hint, testId }) => (
            <SwitchRow
              key={choice}
              label={label}
              hint={hint}
              checked={shown(choice)}
              disabled={isLoading || saving}
              onChange={(checked) => void toggle(choice, checked)}
              testId={testId}
            />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
