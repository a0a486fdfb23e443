import type { FileEncoding } from '@plenty/contracts/import/index';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { TermList } from '../../../ui/stat/stat';
import styles from '../import.module.css';
import { DELIMITER_NAMES, type LoadedFile } from '../read-file';

const ENCODINGS: Readonly<Record<FileEncoding, string>> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'tis-620': 'TIS-620',
};

/** What was found in the chosen file: its name, rows, encoding, delimiter, header and preset. */
export function FileFacts({ loaded, onChange }: { readonly loaded: LoadedFile; onChange: (() => void) | undefined }) {
  const intl = useIntl();
  const format = useFormat();
  const { table, preset } = loaded;
  return (
    <Card
      title={<span dir="auto">{loaded.name}</span>}
      actions={
        onChange === undefined ? undefined : (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={onChange}
            data-testid="import-change-file"
          >
            <FormattedMessage id="import.facts.change" />
          </button>
        )
      }
      testId="import-facts"
    >
      {preset !== null && (
        <p className={styles.preset} data-testid="import-preset" data-preset={preset.id}>
          <FormattedMessage id="import.facts.preset" values={{ name: preset.name, version: preset.formatVersion }} />
        </p>
      )}
      <TermList
        items={[
          {
            key: 'rows',
            label: <FormattedMessage id="import.facts.rows" />,
            value: format.number(table.rows.length),
            testId: 'import-facts-rows',
          },
          {
            key: 'encoding',
            label: <FormattedMessage id="import.facts.encoding" />,
            value: ENCODINGS[loaded.encoding],
            testId: 'import-facts-encoding',
          },
          {
            key: 'delimiter',
            label: <FormattedMessage id="import.facts.delimiter" />,
            value: intl.formatMessage({ id: DELIMITER_NAMES[table.delimiter] ?? 'import.delimiter.comma' }),
            testId: 'import-facts-delimiter',
          },
          {
            key: 'header',
            label: <FormattedMessage id="import.facts.header" />,
            value: <FormattedMessage id={table.header === null ? 'import.facts.noHeader' : 'import.facts.hasHeader'} />,
            testId: 'import-facts-header',
          },
        ]}
      />
    </Card>
  );
}
