import { useId, type KeyboardEvent, type Ref } from 'react';

/** What the date and time fields take from their form, as a plain input would. */
export interface TypedValueFieldProps {
  /** The text field's id, for its `<label htmlFor>`. */
  readonly id: string;
  /** Extra class of the text field (the form's input look). */
  readonly className?: string;
  readonly inputRef?: Ref<HTMLInputElement>;
  /** The form name of the value; the text field is `<name>-text`. */
  readonly name?: string;
  readonly 'aria-invalid'?: boolean;
  readonly 'aria-describedby'?: string;
  readonly 'data-testid'?: string;
}

export interface TypedValueInputProps {
  readonly field: TypedValueFieldProps;
  /** What the text field shows: as the person typed it, or the value as the language writes it. */
  readonly text: string;
  /** The value the text stands for, '' while it stands for none (in `data-value` and the form). */
  readonly parsed: string;
  readonly inputMode: 'numeric' | 'decimal';
  /** The field kind's own class, after the form's. */
  readonly textClass: string | undefined;
  /** The pattern shown while the field is empty ("DD/MM/YYYY"). */
  readonly placeholder: string;
  /** The expected format, read with the field by screen readers. */
  readonly format: string;
  onText(typed: string): void;
  onBlur(): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/**
 * The text field of a value typed the way the page's language writes it (a date, a time): the
 * parsed value in `data-value` and, for a named field, in a hidden input the form sends; the
 * expected format described to screen readers.
 */
export function TypedValueInput({
  field,
  text,
  parsed,
  inputMode,
  textClass,
  placeholder,
  format,
  onText,
  onBlur,
  onKeyDown,
}: TypedValueInputProps) {
  const formatId = `${useId()}-format`;
  const describedBy = [field['aria-describedby'], formatId].filter(Boolean).join(' ');
  return (
    <>
      <input
        ref={field.inputRef}
        id={field.id}
        name={field.name === undefined ? undefined : `${field.name}-text`}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        className={`${field.className ?? ''} ${textClass}`}
        value={text}
        placeholder={placeholder}
        aria-invalid={field['aria-invalid'] || undefined}
        aria-describedby={describedBy}
        data-testid={field['data-testid']}
        data-value={parsed}
        onChange={(event) => onText(event.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      {field.name !== undefined && <input type="hidden" name={field.name} value={parsed} />}
      <span id={formatId} className="visually-hidden">
        {format}
      </span>
    </>
  );
}
