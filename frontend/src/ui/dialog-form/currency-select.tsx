import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import dialogForm from './dialog-form.module.css';

/** A dialog's choice of one of the currencies Plenty keeps, by code; `id` is its label's `htmlFor`. */
export function CurrencySelect({
  id,
  value,
  onChange,
  testId,
}: {
  readonly id: string;
  readonly value: Currency;
  readonly onChange: (currency: Currency) => void;
  readonly testId?: string;
}) {
  return (
    <select
      id={id}
      className={dialogForm.input}
      value={value}
      data-testid={testId}
      onChange={(event) => {
        const chosen = CURRENCIES.find((option) => option === event.target.value);
        if (chosen !== undefined) onChange(chosen);
      }}
    >
      {CURRENCIES.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
