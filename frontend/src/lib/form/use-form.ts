import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import type { MessageId } from '../messages';

/** A field's messages: one message id, or a list (a new password's unmet rules). */
export type FormMessages<F extends string, M = MessageId> = Partial<Record<F, M>>;

export interface FormOptions<V, F extends string, M = MessageId> {
  /** The values a new session of the form starts from. */
  readonly initial: V | (() => V);
  /** The fields in the order they are shown: after a failed submit the first wrong one gets focus. */
  readonly fields: readonly F[];
  /** The first problem of each field for these values, as the server would answer (its schema's rules). */
  validate(values: V): FormMessages<F, M>;
  /**
   * What the form is open for (`new`, an item's id) or null while it is closed: each new
   * session starts again from `initial`, set while rendering, so its first frame shows them.
   */
  readonly session?: string | null;
  /** Called when a session starts (to forget a command's last failure, …). */
  onSessionStart?(): void;
}

/** What a field's input (or group) takes to be labelled, checked and focused. */
export interface FieldProps {
  readonly id: string;
  readonly ref: (element: HTMLElement | null) => void;
  readonly 'aria-invalid': boolean;
  readonly 'aria-describedby': string | undefined;
}

export interface Form<V, F extends string, M = MessageId> {
  readonly values: V;
  /** Sets one value; after a first submit the messages follow what the user fixes. */
  set<K extends keyof V>(key: K, value: V[K]): void;
  /** Sets several values at once (a choice that clears another). */
  update(patch: Partial<V>): void;
  readonly errors: FormMessages<F, M>;
  /** Shows messages from elsewhere (a server's answer) and focuses the first field that has one. */
  showErrors(messages: FormMessages<F, M>): void;
  hasError(field: F): boolean;
  /** The id of the element holding a field's message. */
  errorId(field: F): string;
  /** A stable id for other parts of the form (`title`, a hint). */
  id(part: string): string;
  /** Id, ref and ARIA state for a field's control; `describedBy` adds a hint's id. */
  field(field: F, describedBy?: string): FieldProps;
  focus(field: F): void;
  /** Checks the values; focuses the first wrong field, or hands the values to `onValid`. */
  onSubmit(onValid: (values: V) => unknown): (event: FormEvent) => void;
  reset(values?: V): void;
}

const hasMessage = (message: unknown) => message !== undefined && !(Array.isArray(message) && message.length === 0);

function focusable(element: HTMLElement): HTMLElement {
  if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) return element;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLButtonElement) return element;
  // A group (icon or colour picker, radios): its selected option, else its first control.
  return (
    element.querySelector<HTMLElement>('[role="radio"][tabindex="0"], input:checked, input, select, button') ?? element
  );
}

/**
 * The app's one form state: values, the first problem of each field (from the form's own
 * check, or from a server answer via `showErrors`), focus on the first wrong field, and the
 * ARIA links between a field and its message. Dialogs reopen it per `session`.
 */
export function useForm<V, F extends string, M = MessageId>(options: FormOptions<V, F, M>): Form<V, F, M> {
  const { fields, validate } = options;
  const start = () => (typeof options.initial === 'function' ? (options.initial as () => V)() : options.initial);
  const [values, setValues] = useState<V>(start);
  const [errors, setErrors] = useState<FormMessages<F, M>>({});
  const [submitted, setSubmitted] = useState(false);
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});
  const base = useId();

  const session = options.session === undefined ? 'form' : options.session;
  const [shownFor, setShownFor] = useState<string | null>(session);
  if (session !== shownFor) {
    setShownFor(session);
    if (session !== null) {
      setValues(start());
      setErrors({});
      setSubmitted(false);
      options.onSessionStart?.();
    }
  }

  const focus = useCallback((field: F) => {
    const element = elements.current[field];
    if (element != null) focusable(element).focus();
  }, []);

  const focusFirst = (messages: FormMessages<F, M>) => {
    const first = fields.find((field) => hasMessage(messages[field]));
    if (first !== undefined) focus(first);
  };

  const update = (patch: Partial<V>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const id = (part: string) => `${base}-${part}`;
  const errorId = (field: F) => id(`${field}-error`);
  const hasError = (field: F) => hasMessage(errors[field]);

  return {
    values,
    set: (key, value) => update({ [key]: value } as unknown as Partial<V>),
    update,
    errors,
    showErrors: (messages) => {
      setErrors(messages);
      focusFirst(messages);
    },
    hasError,
    errorId,
    id,
    field: (field, describedBy) => {
      const ids = [hasError(field) ? errorId(field) : null, describedBy ?? null].filter(Boolean).join(' ');
      return {
        id: id(field),
        ref: (element) => {
          elements.current[field] = element;
        },
        'aria-invalid': hasError(field),
        'aria-describedby': ids === '' ? undefined : ids,
      };
    },
    focus,
    onSubmit: (onValid) => (event) => {
      event.preventDefault();
      setSubmitted(true);
      const found = validate(values);
      setErrors(found);
      if (fields.some((field) => hasMessage(found[field]))) {
        focusFirst(found);
        return;
      }
      void onValid(values);
    },
    reset: (next) => {
      setValues(next ?? start());
      setErrors({});
      setSubmitted(false);
    },
  };
}
