import type { TransactionLocation } from '@plenty/contracts/events/transaction';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { Optional } from '../../../ui/field/field';
import field from '../../../ui/field/field.module.css';
import { GEOLOCATION_MESSAGES, geolocationFailure, locationFrom } from '../form';

const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 };

type LocationState =
  { readonly status: 'idle' | 'locating' } | { readonly status: 'failed'; readonly message: MessageId };

/** "Add current location": asks the browser (which asks the user) for the position, shows it and lets it go. */
export function LocationField({
  value,
  onChange,
}: {
  readonly value: TransactionLocation | null;
  onChange(location: TransactionLocation | null): void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const id = useId();
  const [state, setState] = useState<LocationState>({ status: 'idle' });
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', message: GEOLOCATION_MESSAGES[geolocationFailure(null)] });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        onChange(locationFrom(position.coords));
        setState({ status: 'idle' });
      },
      (error) => setState({ status: 'failed', message: GEOLOCATION_MESSAGES[geolocationFailure(error.code)] }),
      GEOLOCATION_OPTIONS,
    );
  };
  const coordinates =
    value === null
      ? null
      : intl.formatMessage(
          { id: 'transactions.location.coordinates' },
          { latitude: format.number(value.latitude, 5), longitude: format.number(value.longitude, 5) },
        );
  return (
    <div className={field.field} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className={field.label}>
        <FormattedMessage id="transactions.field.location" />
        <Optional />
      </span>
      {coordinates !== null ? (
        <div className={field.actions}>
          <span data-testid="transaction-location">{coordinates}</span>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => onChange(null)}
            aria-label={intl.formatMessage({ id: 'transactions.location.removeLabel' }, { coordinates })}
          >
            <FormattedMessage id="transactions.location.remove" />
          </button>
        </div>
      ) : (
        <div>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={locate}
            disabled={state.status === 'locating'}
            data-testid="add-location"
          >
            <span aria-hidden="true">📍</span>{' '}
            <FormattedMessage
              id={state.status === 'locating' ? 'transactions.location.locating' : 'transactions.location.add'}
            />
          </button>
        </div>
      )}
      <p className={field.hint} role="status">
        {state.status === 'failed' ? (
          <span className={field.error}>
            <FormattedMessage id={state.message} />
          </span>
        ) : (
          value === null && <FormattedMessage id="transactions.location.hint" />
        )}
      </p>
    </div>
  );
}
