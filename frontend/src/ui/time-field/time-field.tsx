import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isTimeValue, parseTimeText } from './time-text';
import { TypedValueInput, type TypedValueFieldProps } from '../field/typed-value-input';
import styles from './time-field.module.css';

export interface TimeFieldProps extends TypedValueFieldProps {
  /** `HH:MM`, '' for no time, or the text typed when it is not a time (so the form's own check can say so). */
  readonly value: string;
  /** Called as the person types: `HH:MM` once the text is a time, '' when emptied, else the text. */
  onChange(value: string): void;
}

/**
 * A time field on the page's terms, whatever the browser's language: a text field showing the
 * 24-hour time ("14:30") and reading it as typed ("1430", "14.30", "2:30 pm", Thai and Lao
 * digits), with the expected format described to screen readers. The value stays `HH:MM`.
 */
export function TimeField(props: TimeFieldProps) {
  const { value, onChange } = props;
  const intl = useIntl();
  const [text, setText] = useState(value);
  const emitted = useRef(value);

  // A value set from outside (a reset, a loaded record) shows anew.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(value);
  }, [value]);

  const pattern = intl.formatMessage({ id: 'timefield.pattern' });
  return (
    <TypedValueInput
      field={props}
      text={text}
      parsed={isTimeValue(value) ? value : ''}
      inputMode="decimal"
      textClass={styles.text}
      placeholder={pattern}
      format={intl.formatMessage({ id: 'timefield.format' }, { pattern })}
      onText={(typed) => {
        setText(typed);
        const next = typed.trim() === '' ? '' : (parseTimeText(typed) ?? typed);
        emitted.current = next;
        onChange(next);
      }}
      onBlur={() => {
        const parsed = parseTimeText(text);
        if (parsed !== null) setText(parsed);
      }}
    />
  );
}
