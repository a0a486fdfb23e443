import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { Preferences } from '@plenty/contracts/preferences';
import type { ApiError } from '../../../lib/api/api-error';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { useChangePreferencesMutation } from '../../../lib/api/commands';
import { usePreferences } from '../../../lib/preferences';
import { buttonClass } from '../../../ui/button';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import field from '../../../ui/field/field.module.css';
import { cardClass } from '../../../ui/card/card';
import styles from '../settings.module.css';
import own from '../preferences.module.css';
import { SwitchRow } from './switch-row';

type PrivacyChoice = keyof Pick<Preferences, 'analyticsConsent' | 'saveLocation'>;

/** Whether anonymous usage statistics are shared and whether transactions may carry a location. */
export function PrivacySection() {
  const dispatch = useDispatch();
  const { preferences, isLoading, isError, error, refetch, isFetching } = usePreferences();
  const [changePreferences, { isLoading: saving }] = useChangePreferencesMutation();
  // While a change is on its way, the switch shows the value asked for.
  const [asked, setAsked] = useState<Partial<Record<PrivacyChoice, boolean>>>({});

  const toggle = async (choice: PrivacyChoice, value: boolean) => {
    setAsked((current) => ({ ...current, [choice]: value }));
    try {
      await changePreferences({ commandId: uuidV7(), changes: { [choice]: value } }).unwrap();
      dispatch(showSuccess('preferences.privacy.saved'));
    } catch (caught) {
      dispatch(showApiError(caught as ApiError));
      setAsked((current) => {
        const next = { ...current };
        delete next[choice];
        return next;
      });
    }
  };

  // The preferences read again after the change say what holds now.
  useEffect(() => setAsked({}), [preferences]);

  const shown = (choice: PrivacyChoice): boolean => asked[choice] ?? preferences?.[choice] ?? false;

  return (
    <section
      className={cardClass}
      data-gap="none"
      aria-labelledby="privacy-choices-title"
      data-testid="privacy-choices"
    >
      <h2 id="privacy-choices-title" className={styles.cardTitle}>
        <FormattedMessage id="preferences.privacy.title" />
      </h2>
      <p className={styles.muted}>
        <FormattedMessage id="preferences.privacy.lead" />
      </p>
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
          <SwitchRow
            label="preferences.privacy.analytics"
            hint="preferences.privacy.analyticsHint"
            checked={shown('analyticsConsent')}
            disabled={isLoading || saving}
            onChange={(checked) => void toggle('analyticsConsent', checked)}
            testId="privacy-analytics"
          />
          <SwitchRow
            label="preferences.privacy.location"
            hint="preferences.privacy.locationHint"
            checked={shown('saveLocation')}
            disabled={isLoading || saving}
            onChange={(checked) => void toggle('saveLocation', checked)}
            testId="privacy-location"
          />
        </ul>
      )}
    </section>
  );
}
