import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { isTimeValue, parseTimeText } from './time-text';
import styles from './time-field.module.css';

export interface TimeFieldProps {
  /** The text field's id, for its `<label htmlFor>`. */
  readonly id: string;
  /** `HH:MM`, '' for no time, or the text typed when it is not a time (so the form's own check can say so). */
  readonly value: string;
  /** Called as the person types: `HH:MM` once the text is a time, '' when emptied, else the text. */
  onChange(value: string): void;
  /** Extra class of the text field (the form's input look). */
  readonly className?: string;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly name?: string;
  readonly 'aria-invalid'?: boolean;
  readonly 'aria-describedby'?: string;
  readonly 'data-testid'?: string;
}

/**
 * A time field on the page's terms, whatever the browser's language: a text field showing the
 * 24-hour time ("14:30") and reading it as typed ("1430", "14.30", "2:30 pm", Thai and Lao
 * digits), with the expected format described to screen readers. The value stays `HH:MM`.
 */
export function TimeField(props: TimeFieldProps) {
  const { id, value, onChange } = props;
  const intl = useIntl();
  const formatId = `${useId()}-format`;
  const [text, setText] = useState(value);
  const emitted = useRef(value);

  // A value set from outside (a reset, a loaded record) shows anew.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(value);
  }, [value]);

  const pattern = intl.formatMessage({ id: 'timefield.pattern' });
  const describedBy = [props['aria-describedby'], formatId].filter(Boolean).join(' ');
  return (
    <>
      <input
        ref={props.inputRef}
        id={id}
        name={props.name === undefined ? undefined : `${props.name}-text`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={`${props.className ?? ''} ${styles.text}`}
        value={text}
        placeholder={pattern}
        aria-invalid={props['aria-invalid'] || undefined}
        aria-describedby={describedBy}
        data-testid={props['data-testid']}
        data-value={isTimeValue(value) ? value : ''}
        onChange={(event) => {
          const typed = event.target.value;
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
      {props.name !== undefined && <input type="hidden" name={props.name} value={isTimeValue(value) ? value : ''} />}
      <span id={formatId} className="visually-hidden">
        {intl.formatMessage({ id: 'timefield.format' }, { pattern })}
      </span>
    </>
  );
}
