import type { ReactNode } from 'react';

export interface RadioChoicesProps<T extends string> {
  /** The group's name, shared by its radio buttons. */
  readonly name: string;
  readonly options: readonly T[];
  readonly value: T;
  /** The class of each choice's label. */
  readonly className: string | undefined;
  onChange(option: T): void;
  /** What a choice reads after its radio button. */
  children(option: T): ReactNode;
}

/**
 * One radio button a choice, each inside its label so the words select it. The caller puts them
 * in a fieldset whose legend names the group.
 */
export function RadioChoices<T extends string>({
  name,
  options,
  value,
  className,
  onChange,
  children,
}: RadioChoicesProps<T>) {
  return (
    <>
      {options.map((option) => (
        <label key={option} className={className}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          {children(option)}
        </label>
      ))}
    </>
  );
}
