import {
  useEffect,
  useEffectEvent,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';

export interface ModalDialogOptions {
  readonly open: boolean;
  /** Escape (and the caller's Cancel button) ask to close; the owner decides by changing `open`. */
  onClose(): void;
  /** While a command is on its way Escape does nothing, so its answer is not lost. */
  readonly busy?: boolean;
  /** What gets focus when the dialog opens; otherwise its `autoFocus` element or the first control. */
  initialFocus?(): HTMLElement | null | undefined;
}

export interface ModalDialogProps {
  readonly ref: RefObject<HTMLDialogElement | null>;
  onCancel(event: SyntheticEvent<HTMLDialogElement>): void;
  onKeyDown(event: KeyboardEvent<HTMLDialogElement>): void;
}

/**
 * The one open/close behaviour of the app's modal dialogs: `showModal()` when `open` turns
 * true (the page behind is inert and focus stays inside), `close()` when it turns false, focus
 * back where it was before opening, and Escape asking to close unless busy.
 */
export function useModalDialog({ open, onClose, busy = false, initialFocus }: ModalDialogOptions): ModalDialogProps {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const focusFirst = useEffectEvent(() => initialFocus?.()?.focus());

  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    if (open && !element.open) {
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      element.showModal();
      focusFirst();
    }
    if (!open && element.open) {
      const focusInside = element.contains(document.activeElement) || document.activeElement === document.body;
      element.close();
      const target = returnTo.current;
      returnTo.current = null;
      // Only when focus would otherwise be lost: the owner may already have moved it on purpose.
      if (target !== null && target.isConnected && (focusInside || document.activeElement === document.body)) {
        target.focus();
      }
    }
  }, [open]);

  const requestClose = () => {
    if (!busy) onClose();
  };

  return {
    ref,
    // The browser's own Escape (and close requests): the owner closes it by its state.
    onCancel: (event) => {
      event.preventDefault();
      requestClose();
    },
    onKeyDown: (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
      event.preventDefault();
      requestClose();
    },
  };
}

export interface ModalDialogComponentProps extends ModalDialogOptions {
  readonly className?: string | undefined;
  readonly labelledBy: string;
  readonly describedBy?: string | undefined;
  readonly testId?: string;
  /** Render under `<body>`: a dialog opened from inside a page's form must not nest its form in it. */
  readonly portal?: boolean;
  readonly children?: ReactNode;
}

/** A modal `<dialog>` with the app's open/close behaviour (see `useModalDialog`). */
export function ModalDialog({
  className,
  labelledBy,
  describedBy,
  testId,
  portal = false,
  children,
  ...options
}: ModalDialogComponentProps) {
  const dialog = useModalDialog(options);
  const element = (
    <dialog
      {...dialog}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      {children}
    </dialog>
  );
  return portal ? createPortal(element, document.body) : element;
}

/** A form dialog named by its title (`form.id('title')`) that opens with focus on its name field (`form.id('name')`). */
export function titledNameFirst(form: {
  id(part: string): string;
}): Pick<ModalDialogComponentProps, 'labelledBy' | 'initialFocus'> {
  return { labelledBy: form.id('title'), initialFocus: () => document.getElementById(form.id('name')) };
}
