/** A previous or next button (a month, a calendar page): its arrow, named for screen readers and on hover. */
export function StepButton({
  label,
  symbol,
  className,
  disabled,
  onClick,
  testId,
}: {
  readonly label: string;
  readonly symbol: string;
  readonly className: string | undefined;
  readonly disabled?: boolean;
  onClick(): void;
  readonly testId?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
}
