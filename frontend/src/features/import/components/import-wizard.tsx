import {
  categoryNamesOf,
  isFileError,
  mapRows,
  matchCategories,
  matchWallets,
  toImportRows,
  flagLookalikes,
  walletNamesOf,
  type FileErrorResult,
  type RowError,
  type SuggestedMapping,
} from '@plenty/contracts/import/index';
import type { ImportRow } from '@plenty/contracts/imports';
import { LIMITS } from '@plenty/contracts/text';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import { useCommand } from '../../../lib/api/use-command';
import { useWalletsQuery } from '../../../lib/api/wallets';
import { useLocalizedPath } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { usePreferences } from '../../../lib/preferences';
import { Card } from '../../../ui/card/card';
import { useCategoriesQuery } from '../../../ui/category-form/api';
import { useUserId } from '../../../ui/wallet-picker/wallet-picker';
import { useImportRowsMutation, useImportsQuery, useLazyImportExistingQuery } from '../api';
import { batchForFile, skippedRowsCsv, type FileBatch } from '../file-batch';
import styles from '../import.module.css';
import { completeMapping } from '../mapping';
import { readImportFile, rereadTable, type LoadedFile } from '../read-file';
import { useRowErrorMessage } from '../reasons';
import { sendRows, skippedByReason } from '../send-rows';
import { useCatalogs } from '../use-catalogs';
import { FileChooser } from './file-chooser';
import { FileFacts } from './file-facts';
import { MappingStep } from './mapping-step';
import { NamesStep, unknownNames } from './names-step';
import { ReviewStep } from './review-step';
import { RunStep, type Run } from './run-step';

type Step = 'choose' | 'map' | 'names' | 'review' | 'run';

const STEPS: readonly Exclude<Step, 'choose'>[] = ['map', 'names', 'review', 'run'];

/** Starts a browser download of `text` as a CSV file named `name`. */
function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Import from a file, step by step: choose it (read on the device), map its columns with a
 * live preview, map or create the categories and wallets it names, review look-alikes and
 * problem rows, then import with a progress bar and see the summary with Undo.
 */
export function ImportWizard() {
  const intl = useIntl();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const userId = useUserId();
  const { preferences } = usePreferences();
  const catalogs = useCatalogs();
  const categoriesQuery = useCategoriesQuery();
  const walletsQuery = useWalletsQuery({ asOf: null }, { skip: userId === '' });
  const importsQuery = useImportsQuery();
  const [fetchExisting] = useLazyImportExistingQuery();
  const [postRows] = useImportRowsMutation();
  const startImport = useCommand('StartImport');
  const finishImport = useCommand('FinishImport');
  const rowErrorMessage = useRowErrorMessage();

  const [step, setStep] = useState<Step>('choose');
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<FileErrorResult | null>(null);
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<SuggestedMapping | null>(null);
  const [defaultWalletId, setDefaultWalletId] = useState<string | null>(null);
  const [chosenCategories, setChosenCategories] = useState<ReadonlyMap<string, string>>(new Map());
  const [chosenWallets, setChosenWallets] = useState<ReadonlyMap<string, string>>(new Map());
  const [lookalikes, setLookalikes] = useState<Set<number> | null>(null);
  const [lookalikesFailed, setLookalikesFailed] = useState(false);
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const [run, setRun] = useState<Run | null>(null);
  // The names to map, as they were when the step opened: creating one must not take it off the list.
  const [naming, setNaming] = useState<ReturnType<typeof unknownNames> | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const categories = useMemo(() => categoriesQuery.data ?? [], [categoriesQuery.data]);
  const wallets = useMemo(() => walletsQuery.data?.items ?? [], [walletsQuery.data]);
  const complete = useMemo(() => (mapping === null ? null : completeMapping(mapping)), [mapping]);
  const mapped = useMemo(
    () => (loaded === null || complete === null ? null : mapRows(loaded.table, complete)),
    [loaded, complete],
  );

  // Names of the file matched to the user's categories and wallets, in any of the three languages.
  const matched = useMemo(() => {
    if (mapped === null || catalogs === null) return null;
    return {
      categories: matchCategories(categoryNamesOf(mapped.rows), categories, catalogs),
      wallets: matchWallets(walletNamesOf(mapped.rows), wallets, catalogs),
    };
  }, [mapped, catalogs, categories, wallets]);
  const unknown = useMemo(
    () => (mapped === null || matched === null ? null : unknownNames(mapped.rows, matched.categories, matched.wallets)),
    [mapped, matched],
  );

  // The rows the server takes, with every problem row (file and names) and its code.
  const prepared = useMemo(() => {
    if (mapped === null || matched === null) return null;
    const categoryIds = new Map(matched.categories);
    for (const [key, id] of chosenCategories) categoryIds.set(key, id);
    const walletIds = new Map(matched.wallets);
    for (const [key, id] of chosenWallets) walletIds.set(key, id);
    const made = toImportRows(mapped.rows, categoryIds, walletIds);
    const chosenDefault = defaultWalletId === null ? null : (wallets.find((w) => w.id === defaultWalletId) ?? null);
    const noWallet = new Set(mapped.rows.filter((draft) => draft.wallet === null).map((draft) => draft.row));
    const rows: ImportRow[] =
      chosenDefault === null
        ? made.rows
        : made.rows.map((row) =>
            noWallet.has(row.row) && row.amount.currency === chosenDefault.currency
              ? { ...row, walletId: chosenDefault.id }
              : row,
          );
    const errors: RowError[] = [...mapped.errors, ...made.errors].sort((a, b) => a.row - b.row);
    return { rows, errors };
  }, [mapped, matched, chosenCategories, chosenWallets, defaultWalletId, wallets]);

  const batch: FileBatch | null = useMemo(
    () =>
      loaded === null || importsQuery.data === undefined || userId === ''
        ? null
        : batchForFile(importsQuery.data.items, userId, loaded.sha256),
    [loaded, importsQuery.data, userId],
  );

  useEffect(() => {
    if (step !== 'choose') heading.current?.focus();
  }, [step]);

  const choose = async (file: File) => {
    setReading(true);
    setFileError(null);
    try {
      const read = await readImportFile(file, preferences?.currency ?? 'LAK');
      if (isFileError(read)) {
        setFileError(read);
        return;
      }
      setLoaded(read);
      setMapping(read.mapping);
      setDefaultWalletId(null);
      setChosenCategories(new Map());
      setChosenWallets(new Map());
      setKept(new Set());
      setRun(null);
      setStep('map');
    } catch {
      setFileError({ error: 'import_file_unreadable' });
    } finally {
      setReading(false);
    }
  };

  const lookForLookalikes = async () => {
    if (prepared === null || batch === null) return;
    setLookalikes(null);
    setLookalikesFailed(false);
    const dates = prepared.rows.map((row) => row.date).sort();
    const from = dates[0];
    const to = dates.at(-1);
    if (from === undefined || to === undefined) {
      setLookalikes(new Set());
      return;
    }
    try {
      const existing = await fetchExisting({ from, to }).unwrap();
      setLookalikes(flagLookalikes(prepared.rows, existing.items, batch.batchId));
    } catch {
      setLookalikesFailed(true);
    }
  };

  const toReview = () => {
    setStep('review');
    void lookForLookalikes();
  };

  const hasUnknown = unknown !== null && (unknown.categories.length > 0 || unknown.wallets.length > 0);
  const afterMapping = () => {
    if (hasUnknown) {
      setNaming(unknown);
      setStep('names');
    } else {
      setNaming(null);
      toReview();
    }
  };

  const reasonText = (code: string) => intl.formatMessage({ id: rowErrorMessage(code) });

  const skippedRows = (refused: readonly { row: number; code: string }[]) => {
    if (loaded === null || prepared === null || lookalikes === null) return [];
    const skipped = [
      ...prepared.errors.map((error) => ({ row: error.row, code: error.code as string })),
      ...[...lookalikes].filter((row) => !kept.has(row)).map((row) => ({ row, code: 'duplicate' })),
      ...refused,
    ].sort((a, b) => a.row - b.row);
    return skipped.map((item) => ({
      ...item,
      reason: reasonText(item.code),
      cells: loaded.table.rows[item.row] ?? [],
    }));
  };

  const download = (items: readonly { row: number; reason: string; cells: readonly string[] }[]) => {
    if (loaded === null) return;
    const labels = {
      row: intl.formatMessage({ id: 'import.csv.row' }),
      reason: intl.formatMessage({ id: 'import.csv.reason' }),
    };
    const base = loaded.name.replace(/\.[^.]*$/, '');
    downloadCsv(
      `${base}-${intl.formatMessage({ id: 'import.csv.skippedSuffix' })}.csv`,
      skippedRowsCsv(loaded.table.header, items, labels),
    );
  };

  const startRun = async () => {
    if (loaded === null || prepared === null || batch === null || lookalikes === null) return;
    const skippedDuplicates = new Set([...lookalikes].filter((row) => !kept.has(row)));
    const rows = prepared.rows.filter((row) => !skippedDuplicates.has(row.row));
    const total = rows.length;
    setStep('run');
    setRun({ phase: 'sending', batchId: batch.batchId, done: 0, total, error: null, skipped: [] });
    const fail = (error: ApiError | null, message: MessageId) =>
      setRun((current) =>
        current === null ? current : { ...current, phase: 'failed', error: error?.messageId ?? message },
      );
    const started = await startImport.run({
      batchId: batch.batchId,
      fileName: loaded.name.slice(0, LIMITS.locationLabel),
      fileSha256: loaded.sha256,
      source: loaded.preset?.id ?? 'csv',
      rowCount: loaded.table.rows.length,
    });
    if (!started.ok) {
      fail(started.error, 'import.run.failed');
      return;
    }
    try {
      const sent = await sendRows({
        batchId: batch.batchId,
        rows,
        send: (request) => postRows(request).unwrap(),
        onProgress: (done) => setRun((current) => (current === null ? current : { ...current, done })),
      });
      const skipped = skippedByReason(prepared.errors, skippedDuplicates.size, sent.refused);
      const finished = await finishImport.run({
        batchId: batch.batchId,
        added: sent.added,
        existing: sent.existing,
        skipped,
      });
      if (!finished.ok) {
        fail(finished.error, 'import.run.failed');
        return;
      }
      setRun((current) =>
        current === null ? current : { ...current, phase: 'done', skipped: skippedRows(sent.refused) },
      );
    } catch (caught) {
      fail(caught as ApiError, 'import.run.failed');
    }
  };

  const restart = () => {
    setStep('choose');
    setLoaded(null);
    setMapping(null);
    setRun(null);
    setLookalikes(null);
  };

  const stepIndex = step === 'choose' ? -1 : STEPS.indexOf(step);

  return (
    <div className={styles.wizard}>
      {step === 'choose' || loaded === null ? (
        <Card title={<FormattedMessage id="import.choose.title" />} gap="medium" testId="import-choose-card">
          <FileChooser
            busy={reading}
            onFile={(file) => void choose(file)}
            error={
              fileError === null ? null : (
                <FormattedMessage id={rowErrorMessage(fileError.error)} values={fileError.values} />
              )
            }
          />
        </Card>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1} className={styles.stepHeading} data-testid="import-step">
            <FormattedMessage
              id="import.step"
              values={{
                step: stepIndex + 1,
                steps: STEPS.length,
                name: intl.formatMessage({ id: `import.step.${step}` }),
              }}
            />
          </h2>
          <FileFacts loaded={loaded} onChange={step === 'run' ? undefined : restart} />
          {step === 'map' && mapping !== null && (
            <MappingStep
              table={loaded.table}
              mapping={mapping}
              onMapping={setMapping}
              defaultWalletId={defaultWalletId}
              onDefaultWallet={setDefaultWalletId}
              onReread={(options) => {
                const again = rereadTable(loaded, options);
                if (isFileError(again)) setFileError(again);
                else setLoaded(again);
              }}
              mapped={mapped}
              onContinue={afterMapping}
              onBack={restart}
            />
          )}
          {step === 'names' && naming !== null && (
            <NamesStep
              unknown={naming}
              categories={categories}
              wallets={wallets}
              onBack={() => setStep('map')}
              onContinue={(categoryIds, walletIds) => {
                setChosenCategories(categoryIds);
                setChosenWallets(walletIds);
                toReview();
              }}
            />
          )}
          {step === 'review' && prepared !== null && batch !== null && (
            <ReviewStep
              rows={prepared.rows}
              errors={prepared.errors}
              batch={batch}
              lookalikes={lookalikes === null ? null : prepared.rows.filter((row) => lookalikes.has(row.row))}
              lookalikesFailed={lookalikesFailed}
              onRetryLookalikes={() => void lookForLookalikes()}
              kept={kept}
              onKeep={(row, keep) =>
                setKept((current) => {
                  const next = new Set(current);
                  if (keep) next.add(row);
                  else next.delete(row);
                  return next;
                })
              }
              onDownloadErrors={() => download(skippedRows([]).filter((item) => item.code !== 'duplicate'))}
              onImport={() => void startRun()}
              onBack={() => setStep(naming === null ? 'map' : 'names')}
            />
          )}
          {step === 'run' && run !== null && (
            <RunStep
              run={run}
              onRetry={() => void startRun()}
              onDownloadSkipped={() => download(run.skipped)}
              onAnother={restart}
              onOpen={() => void navigate(localized(`/dashboard/import/${run.batchId}`))}
            />
          )}
        </>
      )}
    </div>
  );
}
