import { PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import type { ExchangeRatesSet, PreferencesChanged, ProfileEvent } from '@plenty/contracts/events/profile';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { DEFAULT_RATES, DEFAULT_RATES_DATE } from '@plenty/contracts/rates';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';

export const preferencesView: ViewDefinition = { name: PREFERENCES_VIEW, fields: {}, indexes: [] };

type Recorded<E> = RecordedEvent & E;

async function current(event: RecordedEvent, uow: UnitOfWork): Promise<PreferencesView | null> {
  const stored = await uow.get<PreferencesView>(PREFERENCES_VIEW, event.metadata.userId, PREFERENCES_DOC_ID);
  if (!isNewerThan(event, stored)) return null;
  // Defaults first: a document written before a preference existed still has every field.
  return { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
}

async function changePreferences(event: Recorded<PreferencesChanged>, uow: UnitOfWork): Promise<void> {
  const view = await current(event, uow);
  if (view === null) return;
  const changes = Object.fromEntries(Object.entries(event.data.changes).filter(([, value]) => value !== undefined));
  const doc: PreferencesView = { ...view, ...changes };
  uow.put(PREFERENCES_VIEW, event.metadata.userId, PREFERENCES_DOC_ID, doc, event.position);
}

async function setExchangeRates(event: Recorded<ExchangeRatesSet>, uow: UnitOfWork): Promise<void> {
  const view = await current(event, uow);
  if (view === null) return;
  const { rates } = event.data;
  const doc: PreferencesView =
    rates === null
      ? { ...view, rates: DEFAULT_RATES, ratesDate: DEFAULT_RATES_DATE, ratesUpdatedAt: null }
      : { ...view, rates, ratesDate: null, ratesUpdatedAt: event.metadata.occurredAt };
  uow.put(PREFERENCES_VIEW, event.metadata.userId, PREFERENCES_DOC_ID, doc, event.position);
}

/** One document per user: every preference of spec section 3 and the rates the user converts with. */
export const preferencesProjection: Projection = {
  name: 'preferences',
  views: [preferencesView],
  handles: ['PreferencesChanged', 'ExchangeRatesSet'],
  async apply(event, uow) {
    const known = event as Recorded<ProfileEvent>;
    switch (known.type) {
      case 'PreferencesChanged':
        return changePreferences(known, uow);
      case 'ExchangeRatesSet':
        return setExchangeRates(known, uow);
      default:
        return;
    }
  },
};
