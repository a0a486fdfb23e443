import { useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from './icon';
import { ICON_KEYWORDS } from './icon-keywords';
import field from '../field/field.module.css';
import styles from './icon-picker.module.css';
import { searchIcons, type IconSearchEntry } from './icon-search';
import { ICON_NAMES, type IconName } from './icon-set';

export interface IconPickerProps {
  /** The chosen icon's name, or null before one is chosen. */
  readonly value: string | null;
  onChange(name: IconName): void;
  /** Id of the element that names the picker (a legend or label). */
  readonly labelledBy: string;
  /** Id of the error message, while there is one. */
  readonly errorId?: string | undefined;
  /** The color the chosen icon is shown on. */
  readonly color?: string | null;
}

/** English names, so an English word finds an icon in every language. */
const ENGLISH: Record<IconName, string> = Object.fromEntries(
  ICON_NAMES.map((name) => [name, name.replace(/-/g, ' ')]),
) as Record<IconName, string>;

/**
 * The bundled icons as a grid of radio buttons with their names, filtered by a search over
 * their names (in the current language and English) and English keywords. Arrow keys move
 * between icons (up and down by row), Home and End go to the first and last.
 */
export function IconPicker({ value, onChange, labelledBy, errorId, color = null }: IconPickerProps) {
  const intl = useIntl();
  const searchId = useId();
  const resultsId = useId();
  const [query, setQuery] = useState('');
  const buttons = useRef(new Map<IconName, HTMLButtonElement>());

  const entries = useMemo<IconSearchEntry<IconName>[]>(
    () =>
      ICON_NAMES.map((name) => ({
        name,
        labels: [intl.formatMessage({ id: `icon.${name}` }), ENGLISH[name]],
        keywords: ICON_KEYWORDS[name],
      })),
    [intl],
  );
  const shown = useMemo(() => searchIcons(query, entries), [query, entries]);
  const focusable: IconName | undefined = shown.find((name) => name === value) ?? shown[0];

  const columns = (): number => {
    const first = shown[0] === undefined ? undefined : buttons.current.get(shown[0]);
    if (first === undefined) return 1;
    return Math.max(1, shown.filter((name) => buttons.current.get(name)?.offsetTop === first.offsetTop).length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = shown.findIndex((name) => buttons.current.get(name) === event.target);
    if (index === -1) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowDown: columns(),
      ArrowUp: -columns(),
    };
    let target: number | null = null;
    if (event.key in step) target = Math.min(shown.length - 1, Math.max(0, index + (step[event.key] ?? 0)));
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = shown.length - 1;
    if (target === null) return;
    event.preventDefault();
    const name = shown[target];
    if (name === undefined) return;
    onChange(name);
    buttons.current.get(name)?.focus();
  };

  return (
    <div className={styles.picker}>
      <label htmlFor={searchId} className={styles.searchLabel}>
        <FormattedMessage id="icon.search" />
      </label>
      <input
        id={searchId}
        type="search"
        className={field.input}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={resultsId}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={intl.formatMessage({ id: 'icon.searchPlaceholder' })}
        onKeyDown={(event) => {
          // Enter in the search would submit the form; it picks the first icon found instead.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const first = shown[0];
          if (first === undefined) return;
          onChange(first);
          buttons.current.get(first)?.focus();
        }}
      />
      <p className={styles.count} aria-live="polite">
        <FormattedMessage id="icon.count" values={{ count: shown.length }} />
      </p>
      <div
        id={resultsId}
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={errorId}
        aria-invalid={errorId === undefined ? undefined : true}
        className={styles.grid}
        data-testid="icon-grid"
      >
        {shown.map((name) => {
          const selected = name === value;
          return (
            <button
              key={name}
              ref={(element) => {
                if (element === null) buttons.current.delete(name);
                else buttons.current.set(name, element);
              }}
              type="button"
              role="radio"
              aria-checked={selected}
              tabIndex={name === focusable ? 0 : -1}
              className={styles.option}
              style={selected && color !== null ? ({ '--icon-chosen': color } as CSSProperties) : undefined}
              onClick={() => onChange(name)}
              onKeyDown={onKeyDown}
              data-icon={name}
            >
              <Icon name={name} className={styles.glyph} />
              <span className={styles.name}>
                <FormattedMessage id={`icon.${name}`} />
              </span>
            </button>
          );
        })}
        {shown.length === 0 && (
          <p className={styles.empty}>
            <FormattedMessage id="icon.noResults" values={{ query: query.trim() }} />
          </p>
        )}
      </div>
    </div>
  );
}
