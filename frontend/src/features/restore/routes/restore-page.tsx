import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldError } from '../../../lib/field-error';
import { LocalizedLink } from '../../../lib/localized-link';
import { useLocalDay } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { cardClass } from '../../../ui/card/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import field from '../../../ui/field/field.module.css';
import { BackLink } from '../../../ui/page/back-link';
import { Page, PageHeader } from '../../../ui/page/page';
import { announcedStep, ProgressReport } from '../../../ui/progress-bar/progress-bar';
import { Spinner } from '../../../ui/spinner';
import { TermList } from '../../../ui/stat/stat';
import { BACKUP_MAX_MEGABYTES, type BackupSummary } from '../backup-file';
import type { RestoreProgress } from '../restore-run';
import styles from '../restore.module.css';
import { useRestore, type RestoreStep } from '../use-restore';

/**
 * Restore a backup ("Download all my data") into this account: choose the file, which is checked
 * in the browser; see what it holds; restore it (after a question when the account already has
 * data), with a progress bar; then a summary. Focus moves to each step's heading.
 */
export function RestorePage() {
  usePageTitle('page.restore');
  const { step, attention, confirmMerge, choose, another, start, answerMerge } = useRestore();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef({ kind: step.kind, attention });

  // Each new step (and a declined merge) puts the focus on the step's heading; not the first one.
  useEffect(() => {
    if (shown.current.kind === step.kind && shown.current.attention === attention) return;
    shown.current = { kind: step.kind, attention };
    heading.current?.focus();
  }, [step.kind, attention]);

  return (
    <Page testId="restore-page">
      <BackLink to="/dashboard/settings?tab=privacy" label="settings.tab.privacy" />
      <PageHeader
        size="compact"
        align="start"
        title={<FormattedMessage id="page.restore" />}
        lead={<FormattedMessage id="restore.lead" />}
      />
      <StepView step={step} heading={heading} choose={choose} another={another} start={start} />
      <ConfirmDialog
        open={confirmMerge}
        title="restore.merge.title"
        body="restore.merge.body"
        confirm="restore.merge.confirm"
        onConfirm={() => answerMerge(true)}
        onCancel={() => answerMerge(false)}
      />
    </Page>
  );
}

interface StepProps {
  readonly step: RestoreStep;
  readonly heading: RefObject<HTMLHeadingElement | null>;
  choose(file: File | undefined): Promise<void>;
  another(): void;
  start(): void;
}

/** A step's card: its heading takes the focus when the step begins. */
function StepCard({
  title,
  heading,
  testId,
  children,
}: {
  readonly title: ReactNode;
  readonly heading: StepProps['heading'];
  readonly testId: string;
  readonly children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={`${cardClass} ${styles.step}`} data-gap="medium" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function StepView({ step, heading, choose, another, start }: StepProps) {
  const format = useFormat();
  switch (step.kind) {
    case 'choose':
      return (
        <StepCard title={<FormattedMessage id="restore.choose.title" />} heading={heading} testId="restore-choose">
          <FileChooser
            checking={step.checking}
            problem={step.problem}
            hintValues={{ size: format.number(BACKUP_MAX_MEGABYTES) }}
            choose={choose}
          />
          <p role="status" className={styles.muted}>
            {step.checking && (
              <>
                <Spinner /> <FormattedMessage id="restore.choose.checking" />
              </>
            )}
          </p>
        </StepCard>
      );
    case 'ready':
      return (
        <StepCard title={<FormattedMessage id="restore.ready.title" />} heading={heading} testId="restore-ready">
          <SummaryTerms summary={step.summary} />
          <p className={styles.muted}>
            <FormattedMessage id="restore.ready.note" />
          </p>
          <StepActions another={another}>
            <button type="button" className={buttonClass('primary')} onClick={start} data-testid="restore-start">
              <FormattedMessage id="restore.ready.start" />
            </button>
          </StepActions>
        </StepCard>
      );
    case 'running':
      return (
        <StepCard title={<FormattedMessage id="restore.running.title" />} heading={heading} testId="restore-running">
          <Progress progress={step.progress} />
          <p className={styles.muted}>
            <FormattedMessage id="restore.running.keepOpen" />
          </p>
        </StepCard>
      );
    case 'failed':
      return (
        <StepCard title={<FormattedMessage id="restore.failed.title" />} heading={heading} testId="restore-failed">
          <p role="alert" className={styles.problem} data-testid="restore-problem">
            <FormattedMessage id={step.problem.id} values={step.problem.values} />
          </p>
          {step.retry && (
            <p className={styles.muted}>
              <FormattedMessage id="restore.failed.resume" />
            </p>
          )}
          <StepActions another={another}>
            {step.retry && (
              <button type="button" className={buttonClass('primary')} onClick={start} data-testid="restore-retry">
                <FormattedMessage id="restore.retry" />
              </button>
            )}
          </StepActions>
        </StepCard>
      );
    case 'done':
      return (
        <StepCard title={<FormattedMessage id="restore.done.title" />} heading={heading} testId="restore-done">
          <Done summary={step.summary} appended={step.totals.appended} existing={step.totals.existing} />
        </StepCard>
      );
  }
}

/**
 * The file input, drawn as a button in the page's language (the browser's own one speaks the
 * browser's language): the input stays in the page, visually hidden, focusable and labelled.
 */
/** A step's buttons: its own first, then the way to choose another backup. */
function StepActions({ children, another }: { readonly children: ReactNode; another(): void }) {
  return (
    <div className={styles.actions}>
      {children}
      <button type="button" className={buttonClass('secondary')} onClick={another}>
        <FormattedMessage id="restore.another" />
      </button>
    </div>
  );
}

function FileChooser({
  checking,
  problem,
  hintValues,
  choose,
}: {
  readonly checking: boolean;
  readonly problem: FieldError | null;
  readonly hintValues: Readonly<Record<string, string>>;
  choose(file: File | undefined): Promise<void>;
}) {
  const id = useId();
  const describedBy = [`${id}-hint`, problem === null ? null : `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={field.field}>
      <p id={`${id}-hint`} className={field.hint}>
        <FormattedMessage id="restore.choose.hint" values={hintValues} />
      </p>
      <div className={styles.chooser}>
        <input
          id={id}
          type="file"
          accept=".zip,application/zip"
          className={`visually-hidden ${styles.fileInput}`}
          aria-invalid={problem !== null}
          aria-describedby={describedBy}
          aria-busy={checking}
          data-testid="restore-file"
          onChange={(event) => {
            const input = event.currentTarget;
            void choose(input.files?.[0]).finally(() => {
              input.value = '';
            });
          }}
        />
        <label htmlFor={id} className={buttonClass('primary')}>
          <FormattedMessage id="restore.choose.label" />
        </label>
      </div>
      {problem !== null && (
        <p id={`${id}-error`} className={field.error}>
          <FormattedMessage id={problem.id} values={problem.values} />
        </p>
      )}
    </div>
  );
}

/** What the backup holds: when it was made, its records, transactions and receipts. */
function SummaryTerms({ summary }: { readonly summary: BackupSummary }) {
  const format = useFormat();
  const made = useLocalDay()(summary.manifest.createdAt);
  return (
    <TermList
      items={[
        {
          key: 'made',
          label: <FormattedMessage id="restore.summary.made" />,
          value: format.longDate(made),
          testId: 'restore-made',
        },
        {
          key: 'events',
          label: <FormattedMessage id="restore.summary.records" />,
          value: format.number(summary.eventCount),
          testId: 'restore-records',
        },
        {
          key: 'transactions',
          label: <FormattedMessage id="restore.summary.transactions" />,
          value: format.number(summary.transactionCount),
          testId: 'restore-transactions',
        },
        {
          key: 'receipts',
          label: <FormattedMessage id="restore.summary.receipts" />,
          value: format.number(summary.receiptCount),
          testId: 'restore-receipts',
        },
      ]}
    />
  );
}

/** Tenths of the way, so a screen reader hears the progress without a word at every request. */
const ANNOUNCE_EVERY = 10;

function Progress({ progress }: { readonly progress: RestoreProgress | null }) {
  const intl = useIntl();
  const format = useFormat();
  const total = progress?.total ?? 0;
  const done = progress?.done ?? 0;
  const percent = total === 0 ? (progress === null ? 0 : 100) : (done / total) * 100;
  const words =
    progress === null
      ? intl.formatMessage({ id: 'restore.running.starting' })
      : intl.formatMessage(
          { id: progress.phase === 'receipts' ? 'restore.running.receipts' : 'restore.running.records' },
          { done: format.number(done), total: format.number(total) },
        );
  const announced =
    progress === null
      ? words
      : intl.formatMessage(
          { id: progress.phase === 'receipts' ? 'restore.running.receiptsPercent' : 'restore.running.recordsPercent' },
          { percent: format.number(announcedStep(percent, ANNOUNCE_EVERY)) },
        );
  return (
    <div className={styles.progress}>
      <ProgressReport
        percent={percent}
        label={intl.formatMessage({ id: 'restore.running.label' })}
        words={words}
        announced={announced}
        testId="restore-progress"
        wordsTestId="restore-progress-words"
      />
    </div>
  );
}

function Done({
  summary,
  appended,
  existing,
}: {
  readonly summary: BackupSummary;
  readonly appended: number;
  readonly existing: number;
}) {
  const format = useFormat();
  return (
    <>
      <p role="status" className={styles.result} data-testid="restore-result">
        <FormattedMessage
          id={
            existing === 0 ? 'restore.done.addedAll' : appended === 0 ? 'restore.done.nothingNew' : 'restore.done.added'
          }
          values={{ added: format.number(appended), existing: format.number(existing) }}
        />
      </p>
      <SummaryTerms summary={summary} />
      <div className={styles.actions}>
        <LocalizedLink to="/dashboard" className={buttonClass('primary')} data-testid="restore-dashboard">
          <FormattedMessage id="restore.done.dashboard" />
        </LocalizedLink>
        <LocalizedLink to="/dashboard/transactions" className={buttonClass('secondary')}>
          <FormattedMessage id="restore.done.transactions" />
        </LocalizedLink>
      </div>
    </>
  );
}
