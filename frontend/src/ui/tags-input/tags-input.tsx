import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TAG_MAX_LENGTH } from '@plenty/contracts/tags';
import type { MessageId } from '../../lib/messages';
import field from '../field/field.module.css';
import { useTagsQuery } from '../../lib/api/tags';
import { addTag, tagSuggestions } from './tags';
import styles from './tags-input.module.css';

export interface TagsInputProps {
  /** The id of the text input (the field's label points at it). */
  readonly id: string;
  readonly value: readonly string[];
  onChange(tags: readonly string[]): void;
  /** The field's own message (a server's refusal), shown by the form. */
  readonly 'aria-invalid'?: boolean;
  readonly 'aria-describedby'?: string | undefined;
  readonly inputRef?: (element: HTMLElement | null) => void;
}

/**
 * Tags as chips with a combobox to add one: suggestions from the user's tags as they type (arrow
 * keys and Enter, or a click), Enter or a comma adds what is typed, Backspace in the empty input
 * takes the last chip off, each chip has its own remove button; what is still typed when the
 * input loses focus is added too. A refused tag (twice, the
 * eleventh, too long) is said in a polite live region under the input.
 */
export function TagsInput({ id, value, onChange, inputRef, ...aria }: TagsInputProps) {
  const intl = useIntl();
  const own = useId();
  const listId = `${own}-list`;
  const known = useTagsQuery();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<MessageId | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const names = (known.data ?? []).map((tag) => tag.name);
  const options = open ? tagSuggestions(names, value, text) : [];
  const expanded = options.length > 0;

  const add = (typed: string) => {
    const outcome = addTag(value, typed);
    if (!outcome.ok) {
      setProblem(outcome.error);
      return;
    }
    setProblem(null);
    onChange(outcome.tags);
    setText('');
    setActive(-1);
  };
  const remove = (index: number) => {
    setProblem(null);
    onChange(value.filter((_, at) => at !== index));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the input itself: past the last suggestion the typed text is current again.
      setActive((current) => {
        const next = current + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
      return;
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'Enter' || event.key === ',') {
      const chosen = active >= 0 ? options[active] : undefined;
      if (chosen === undefined && text.trim() === '') {
        // Enter in an empty tags input saves the form, as in every other field.
        if (event.key === ',') event.preventDefault();
        return;
      }
      event.preventDefault();
      add(chosen ?? text);
      return;
    }
    if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      setProblem(null);
      onChange(value.slice(0, -1));
    }
  };

  const activeOption = active >= 0 && active < options.length ? `${listId}-${active}` : undefined;
  const describedBy = [aria['aria-describedby'], `${own}-status`].filter(Boolean).join(' ');

  return (
    <div className={styles.tags}>
      {value.length > 0 && (
        <ul className={styles.chips} aria-label={intl.formatMessage({ id: 'tags.input.chosen' })}>
          {value.map((tag, index) => (
            <li key={tag} className={styles.chip} data-testid="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                className={styles.remove}
                onClick={() => remove(index)}
                aria-label={intl.formatMessage({ id: 'tags.input.remove' }, { tag })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.combo}>
        <input
          id={id}
          ref={(element) => {
            input.current = element;
            inputRef?.(element);
          }}
          className={field.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={describedBy}
          autoComplete="off"
          enterKeyHint="enter"
          maxLength={TAG_MAX_LENGTH + 8}
          value={text}
          placeholder={intl.formatMessage({ id: 'tags.input.placeholder' })}
          onChange={(event) => {
            const typed = event.target.value;
            // A comma typed or pasted ends a tag.
            if (typed.includes(',')) {
              const parts = typed.split(',');
              const last = parts.pop() ?? '';
              let tags = value;
              for (const part of parts) {
                if (part.trim() === '') continue;
                const outcome = addTag(tags, part);
                if (outcome.ok) tags = outcome.tags;
                else setProblem(outcome.error);
              }
              if (tags !== value) onChange(tags);
              setText(last);
            } else {
              setText(typed);
              setProblem(null);
            }
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            // A tag typed and left (Tab to the next field, a tap on Save) is added, not lost.
            if (text.trim() !== '') add(text);
          }}
          onKeyDown={onKeyDown}
          data-testid="tags-input"
        />
        <ul
          id={listId}
          role="listbox"
          className={styles.options}
          hidden={!expanded}
          aria-label={intl.formatMessage({ id: 'tags.input.suggestions' })}
        >
          {options.map((option, index) => (
            // The keyboard chooses an option from the input (arrow keys, Enter: aria-activedescendant).
            // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
            <li
              key={option}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // Keep the focus in the input: the click adds the tag.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(option)}
              data-testid="tag-option"
            >
              {option}
            </li>
          ))}
        </ul>
      </div>
      <p
        id={`${own}-status`}
        className={problem === null ? field.hint : field.error}
        aria-live="polite"
        data-testid="tags-status"
      >
        {problem === null ? (
          <FormattedMessage id="tags.input.hint" values={{ max: 10 }} />
        ) : (
          <FormattedMessage id={problem} />
        )}
      </p>
    </div>
  );
}
