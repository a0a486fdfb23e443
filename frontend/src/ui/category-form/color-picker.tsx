import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import dialogForm from '../dialog-form/dialog-form.module.css';
import field from '../field/field.module.css';
import styles from './category-form.module.css';
import { PALETTE, paletteColor } from './palette';
import { normalizeHex } from './rules';
import { rovingTarget } from '../roving-focus';

export interface ColorPickerProps {
  /** `#rrggbb`, what the user typed, or null before a color is chosen. */
  readonly value: string | null;
  onChange(value: string): void;
  readonly labelledBy: string;
  readonly errorId?: string | undefined;
}

/**
 * Named swatches as radio buttons (arrow keys move between them) and a field for any other
 * color as hex (`#1a2b3c`). The field shows what the user typed; a valid color is passed on
 * as lower-case `#rrggbb`.
 */
export function ColorPicker({ value, onChange, labelledBy, errorId }: ColorPickerProps) {
  const intl = useIntl();
  const hexId = useId();
  const hintId = useId();
  const [text, setText] = useState(value ?? '');
  const swatches = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = paletteColor(value);

  // A swatch picked (or a color set from outside) shows in the field, from the render that brings it.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== null) setText((current) => (normalizeHex(current) === normalizeHex(value) ? current : value));
  }

  // A swatch shows in the field at once, even when the field held a color that was not one.
  const pick = (hex: string) => {
    setText(hex);
    onChange(hex);
  };

  const focusIndex = Math.max(
    0,
    PALETTE.findIndex((swatch) => swatch === chosen),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = swatches.current.findIndex((element) => element === event.target);
    if (index === -1) return;
    const target = rovingTarget(event, index, PALETTE.length);
    if (target === null) return;
    event.preventDefault();
    const swatch = PALETTE[target];
    if (swatch === undefined) return;
    pick(swatch.hex);
    swatches.current[target]?.focus();
  };

  const preview = normalizeHex(text);

  return (
    <div className={styles.colors}>
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={errorId}
        className={styles.swatches}
        data-testid="color-swatches"
      >
        {PALETTE.map((swatch, index) => {
          const label = intl.formatMessage({ id: `categories.color.${swatch.name}` });
          return (
            <button
              key={swatch.name}
              ref={(element) => {
                swatches.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={swatch === chosen}
              aria-label={label}
              title={label}
              tabIndex={index === focusIndex ? 0 : -1}
              className={styles.swatch}
              style={{ background: swatch.hex }}
              onClick={() => pick(swatch.hex)}
              onKeyDown={onKeyDown}
              data-color={swatch.name}
            />
          );
        })}
      </div>
      <p className={styles.colorName} aria-live="polite">
        {chosen !== undefined ? (
          <FormattedMessage
            id="categories.color.chosen"
            values={{ name: intl.formatMessage({ id: `categories.color.${chosen.name}` }) }}
          />
        ) : value !== null && preview !== null ? (
          <FormattedMessage id="categories.color.custom" values={{ hex: preview }} />
        ) : (
          <FormattedMessage id="categories.color.none" />
        )}
      </p>
      <div className={styles.hexRow}>
        <label htmlFor={hexId} className={styles.hexLabel}>
          <FormattedMessage id="categories.color.hex" />
        </label>
        <span className={styles.hexPreview} style={{ background: preview ?? 'transparent' }} aria-hidden="true" />
        <input
          id={hexId}
          className={`${field.input} ${styles.hexInput}`}
          value={text}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          placeholder="#1a2b3c"
          aria-describedby={[hintId, errorId].filter((id) => id !== undefined).join(' ')}
          aria-invalid={errorId === undefined ? undefined : true}
          onChange={(event) => {
            const typed = event.target.value;
            setText(typed);
            onChange(normalizeHex(typed) ?? typed);
          }}
        />
      </div>
      <p id={hintId} className={dialogForm.hint}>
        <FormattedMessage id="categories.color.hexHint" />
      </p>
    </div>
  );
}
