import {
  DATE_FORMATS,
  DELIMITERS,
  type CsvTable,
  type DraftRow,
  type RowError,
  type SuggestedMapping,
} from '@plenty/contracts/import/index';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { DataTable, TableHead } from '../../../ui/data-table/data-table';
import { numberCellClass, tableClass } from '../../../ui/table/table';
import { Field } from '../../../ui/field/field';
import fieldStyles from '../../../ui/field/field.module.css';
import { WalletPicker, useWalletChoices } from '../../../ui/wallet-picker/wallet-picker';
import styles from '../import.module.css';
import { COLUMN_ROLES, columnRoles, missingRoles, withRole, type ColumnRole } from '../mapping';
import { DELIMITER_NAMES } from '../read-file';
import { useRowErrorMessage } from '../reasons';

/** How many rows of the file the preview shows. */
export const PREVIEW_ROWS = 8;

export interface MappingStepProps {
  readonly table: CsvTable;
  readonly mapping: SuggestedMapping;
  onMapping(mapping: SuggestedMapping): void;
  readonly defaultWalletId: string | null;
  onDefaultWallet(walletId: string | null): void;
  /** Reads the file again with another delimiter or header choice. */
  onReread(options: { readonly delimiter: string; readonly hasHeader: boolean }): void;
  /** The rows as the mapping reads them; null while the mapping lacks a date or an amount. */
  readonly mapped: { readonly rows: readonly DraftRow[]; readonly errors: readonly RowError[] } | null;
  onContinue(): void;
  onBack(): void;
}

/**
 * Step 2: each column's role, how dates and amounts are written, the default currency and
 * wallet, and a live preview of the first rows with each row's problem, and how many are ready.
 */
export function MappingStep(props: MappingStepProps) {
  const { table, mapping, onMapping, mapped } = props;
  const intl = useIntl();
  const width = table.header?.length ?? table.rows[0]?.length ?? 0;
  const roles = columnRoles(mapping, width);
  const missing = missingRoles(mapping);
  const set = <K extends keyof SuggestedMapping>(key: K, value: SuggestedMapping[K]) =>
    onMapping({ ...mapping, [key]: value });
  const wallets = useWalletChoices(mapping.defaultCurrency, props.defaultWalletId);
  const sample = (column: number) =>
    table.rows
      .slice(0, 3)
      .map((row) => row[column] ?? '')
      .filter((cell) => cell.trim() !== '')[0] ?? '';

  return (
    <Card title={<FormattedMessage id="import.map.title" />} gap="medium" testId="import-mapping">
      <p className={styles.muted}>
        <FormattedMessage id="import.map.lead" />
      </p>
      <div className={styles.fieldGrid}>
        <Field label="import.map.delimiter">
          {(control) => (
            <select
              {...control}
              className={fieldStyles.input}
              value={table.delimiter}
              data-testid="import-delimiter"
              onChange={(event) => props.onReread({ delimiter: event.target.value, hasHeader: table.header !== null })}
            >
              {DELIMITERS.map((delimiter) => (
                <option key={delimiter} value={delimiter}>
                  {intl.formatMessage({ id: DELIMITER_NAMES[delimiter] ?? 'import.delimiter.comma' })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={table.header !== null}
            data-testid="import-has-header"
            onChange={(event) => props.onReread({ delimiter: table.delimiter, hasHeader: event.target.checked })}
          />
          <FormattedMessage id="import.map.hasHeader" />
        </label>
      </div>

      <h3 className={styles.subTitle}>
        <FormattedMessage id="import.map.columns" />
      </h3>
      <div className={styles.fieldGrid} data-testid="import-columns">
        {roles.map((role, column) => {
          const name = table.header?.[column] ?? '';
          return (
            <Field
              key={column}
              label={name === '' ? 'import.map.columnNumber' : 'import.map.columnNamed'}
              values={{ number: String(column + 1), name }}
              details={
                sample(column) === '' ? undefined : (
                  <span className={styles.sample} dir="auto">
                    <FormattedMessage id="import.map.sample" values={{ value: sample(column) }} />
                  </span>
                )
              }
              data-field={`column-${String(column)}`}
            >
              {(control) => (
                <select
                  {...control}
                  className={fieldStyles.input}
                  value={role}
                  data-testid={`import-column-${String(column)}`}
                  onChange={(event) => onMapping(withRole(mapping, column, event.target.value as ColumnRole))}
                >
                  {COLUMN_ROLES.map((option) => (
                    <option key={option} value={option}>
                      {intl.formatMessage({ id: `import.role.${option}` })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          );
        })}
      </div>

      <h3 className={styles.subTitle}>
        <FormattedMessage id="import.map.formats" />
      </h3>
      <div className={styles.fieldGrid}>
        <Field label="import.map.dateFormat">
          {(control) => (
            <select
              {...control}
              className={fieldStyles.input}
              value={mapping.dateFormat}
              data-testid="import-date-format"
              onChange={(event) => set('dateFormat', event.target.value as SuggestedMapping['dateFormat'])}
            >
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="import.map.era">
          {(control) => (
            <select
              {...control}
              className={fieldStyles.input}
              value={mapping.era}
              data-testid="import-era"
              onChange={(event) => set('era', event.target.value as SuggestedMapping['era'])}
            >
              <option value="ce">{intl.formatMessage({ id: 'import.era.ce' })}</option>
              <option value="be">{intl.formatMessage({ id: 'import.era.be' })}</option>
            </select>
          )}
        </Field>
        <Field label="import.map.decimal">
          {(control) => (
            <select
              {...control}
              className={fieldStyles.input}
              value={mapping.decimal}
              data-testid="import-decimal"
              onChange={(event) => set('decimal', event.target.value as SuggestedMapping['decimal'])}
            >
              <option value=".">{intl.formatMessage({ id: 'import.decimal.point' })}</option>
              <option value=",">{intl.formatMessage({ id: 'import.decimal.comma' })}</option>
            </select>
          )}
        </Field>
        <Field label="import.map.sign">
          {(control) => (
            <select
              {...control}
              className={fieldStyles.input}
              value={mapping.sign}
              data-testid="import-sign"
              onChange={(event) => set('sign', event.target.value as SuggestedMapping['sign'])}
            >
              <option value="negative-expense">{intl.formatMessage({ id: 'import.sign.negativeExpense' })}</option>
              <option value="negative-income">{intl.formatMessage({ id: 'import.sign.negativeIncome' })}</option>
            </select>
          )}
        </Field>
        <Field label="import.map.currency" hint="import.map.currencyHint" hintBelow>
          {(control) => (
            <select
              {...control}
              className={fieldStyles.input}
              value={mapping.defaultCurrency}
              data-testid="import-currency"
              onChange={(event) => {
                props.onDefaultWallet(null);
                set('defaultCurrency', event.target.value as Currency);
              }}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="import.map.wallet" hint="import.map.walletHint" hintBelow>
          {(control) => (
            <WalletPicker
              {...control}
              name="import-default"
              className={fieldStyles.input}
              choices={wallets.choices}
              value={props.defaultWalletId}
              onChange={props.onDefaultWallet}
              noneLabel="import.map.walletDefault"
            />
          )}
        </Field>
      </div>

      {missing.length > 0 && (
        <p className={styles.error} role="status" data-testid="import-mapping-missing">
          <FormattedMessage id={missing.includes('date') ? 'import.map.needDate' : 'import.map.needAmount'} />
        </p>
      )}
      {mapped !== null && <Preview table={table} mapped={mapped} />}
      <div className={styles.actions}>
        <button type="button" className={buttonClass('secondary')} onClick={props.onBack} data-testid="import-back">
          <FormattedMessage id="import.back" />
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          aria-disabled={mapped === null || mapped.rows.length === 0}
          onClick={() => {
            if (mapped !== null && mapped.rows.length > 0) props.onContinue();
          }}
          data-testid="import-map-continue"
        >
          <FormattedMessage id="import.continue" />
        </button>
      </div>
    </Card>
  );
}

function Preview({
  table,
  mapped,
}: {
  readonly table: CsvTable;
  readonly mapped: { readonly rows: readonly DraftRow[]; readonly errors: readonly RowError[] };
}) {
  const intl = useIntl();
  const format = useFormat();
  const errorMessage = useRowErrorMessage();
  const drafts = new Map(mapped.rows.map((draft) => [draft.row, draft]));
  /** The other records of a split transaction: row → the row of its first record. */
  const lineOf = new Map(mapped.rows.flatMap((draft) => (draft.lineRows ?? []).map((row) => [row, draft.row])));
  const errors = new Map(mapped.errors.map((error) => [error.row, error]));
  const shown = table.rows.slice(0, PREVIEW_ROWS).map((_, row) => row);
  return (
    <div className={styles.preview}>
      <h3 className={styles.subTitle}>
        <FormattedMessage id="import.preview.title" />
      </h3>
      <p role="status" data-testid="import-preview-counts">
        <FormattedMessage
          id="import.preview.counts"
          values={{
            ready: mapped.rows.length,
            errors: mapped.errors.length,
            readyText: format.number(mapped.rows.length),
            errorText: format.number(mapped.errors.length),
          }}
        />
      </p>
      <DataTable
        label={intl.formatMessage({ id: 'import.preview.title' })}
        className={`${tableClass} ${styles.table}`}
        testId="import-preview"
        caption={<FormattedMessage id="import.preview.caption" values={{ count: shown.length }} />}
        head={
          <TableHead
            columns={[
              { id: 'import.preview.row' },
              { id: 'import.role.date' },
              { id: 'import.role.type' },
              { id: 'import.role.amount', className: numberCellClass },
              { id: 'import.role.category' },
              { id: 'import.role.note' },
              { id: 'import.role.wallet' },
            ]}
          />
        }
      >
        {shown.map((row) => {
          const draft = drafts.get(row);
          const error = errors.get(row);
          const splitOf = lineOf.get(row);
          if (splitOf !== undefined)
            return (
              <tr key={row} data-testid="import-preview-row" data-state="ready">
                <th scope="row">{format.number(row + 1)}</th>
                <td colSpan={6} className={styles.muted}>
                  <FormattedMessage id="import.preview.splitLine" values={{ row: format.number(splitOf + 1) }} />
                </td>
              </tr>
            );
          return (
            <tr key={row} data-testid="import-preview-row" data-state={draft === undefined ? 'error' : 'ready'}>
              <th scope="row">{format.number(row + 1)}</th>
              {draft !== undefined ? (
                <>
                  <td>
                    {draft.time === undefined
                      ? format.longDate(draft.date)
                      : `${format.longDate(draft.date)} ${draft.time}`}
                  </td>
                  <td>
                    <FormattedMessage
                      id={draft.type === 'income' ? 'transactions.type.income' : 'transactions.type.expense'}
                    />
                  </td>
                  <td className={numberCellClass} data-type={draft.type}>
                    {format.money(draft.amount)}
                  </td>
                  <td dir="auto">{draft.category ?? '—'}</td>
                  <td dir="auto" className={styles.noteCell}>
                    {draft.note ?? ''}
                  </td>
                  <td dir="auto">{draft.wallet ?? intl.formatMessage({ id: 'import.preview.defaultWallet' })}</td>
                </>
              ) : (
                <td colSpan={6} className={styles.rowError} data-testid="import-preview-error">
                  {error === undefined ? null : <FormattedMessage id={errorMessage(error.code)} />}
                </td>
              )}
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}
