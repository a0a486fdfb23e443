import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../lib/api/api-error';
import { useCommand } from '../../lib/api/use-command';
import type { FieldError } from '../../lib/field-error';
import { restoreApi } from './api';
import {
  BACKUP_MAX_MEGABYTES,
  BackupFileError,
  inspectBackup,
  readEventBatches,
  readReceipts,
  type BackupSummary,
} from './backup-file';
import {
  newProgressRecord,
  runRestore,
  type RestorePorts,
  type RestoreProgress,
  type RestoreProgressRecord,
  type RestoreTotals,
} from './restore-run';

/** The restore page's steps: choose a file, see what it holds, restore it, the summary. */
export type RestoreStep =
  | { readonly kind: 'choose'; readonly checking: boolean; readonly problem: FieldError | null }
  | { readonly kind: 'ready'; readonly file: File; readonly summary: BackupSummary }
  | {
      readonly kind: 'running';
      readonly file: File;
      readonly summary: BackupSummary;
      readonly progress: RestoreProgress | null;
    }
  | {
      readonly kind: 'failed';
      readonly file: File;
      readonly summary: BackupSummary;
      readonly problem: FieldError;
      /** Whether trying again can help (not for a backup of this same account). */
      readonly retry: boolean;
    }
  | { readonly kind: 'done'; readonly summary: BackupSummary; readonly totals: RestoreTotals };

/** What a file that cannot be restored is told as. */
export function fileProblem(caught: unknown): FieldError {
  if (!(caught instanceof BackupFileError)) return { id: 'error.backup_invalid' };
  if (caught.problem === 'backup_too_large') {
    return { id: 'restore.file.tooLarge', values: { size: BACKUP_MAX_MEGABYTES } };
  }
  if (caught.line !== null) return { id: 'restore.file.badLine', values: { line: caught.line } };
  return { id: `error.${caught.problem}` };
}

const apiProblem = (caught: unknown): FieldError => ({
  id: (caught as Partial<ApiError> | null)?.messageId ?? 'error.internal',
});

const wait = (ms: number) => new Promise<void>((resume) => setTimeout(resume, ms));

/**
 * The restore's state and its actions: `choose` checks a file in the browser; `start` sends
 * StartRestore, and asks to merge (`confirmMerge`) when the account already has data; `resume`
 * tries a failed restore again from where it stopped.
 */
export function useRestore() {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const startRestore = useCommand('StartRestore');
  const finishRestore = useCommand('FinishRestore');
  const [step, setStep] = useState<RestoreStep>({ kind: 'choose', checking: false, problem: null });
  const [confirmMerge, setConfirmMerge] = useState(false);
  /** Counts the times the step's heading should take the focus again without a new step (a declined merge). */
  const [attention, setAttention] = useState(0);
  const record = useRef<RestoreProgressRecord>(newProgressRecord());
  const merge = useRef(false);
  const running = useRef(false);
  const chosen = useRef(0);

  // Leaving the page in the middle of a restore asks first; coming back resumes nothing by itself.
  useEffect(() => {
    if (step.kind !== 'running') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [step.kind]);

  const choose = async (file: File | undefined) => {
    if (file === undefined || running.current) return;
    const attempt = (chosen.current += 1);
    record.current = newProgressRecord();
    merge.current = false;
    setStep({ kind: 'choose', checking: true, problem: null });
    try {
      const summary = await inspectBackup(file);
      if (attempt === chosen.current) setStep({ kind: 'ready', file, summary });
    } catch (caught) {
      if (attempt === chosen.current) setStep({ kind: 'choose', checking: false, problem: fileProblem(caught) });
    }
  };

  const another = () => {
    if (running.current) return;
    chosen.current += 1;
    setStep({ kind: 'choose', checking: false, problem: null });
  };

  const portsFor = (summary: BackupSummary): RestorePorts => ({
    async uploadReceipt(receipt, bytes) {
      const name = receipt.path.slice('receipts/'.length);
      const file = new File([bytes as Uint8Array<ArrayBuffer>], name, { type: receipt.contentType });
      const stored = await dispatch(restoreApi.endpoints.restoreReceipt.initiate(file)).unwrap();
      return stored.receiptId;
    },
    sendEvents: (request) => dispatch(restoreApi.endpoints.restoreEvents.initiate(request)).unwrap(),
    async finishRestore(totals) {
      const outcome = await finishRestore.run({ backupId: summary.manifest.backupId, ...totals });
      if (!outcome.ok) throw outcome.error;
    },
    wait,
  });

  /** Steps 2 to 4, once the restore is started. */
  const restore = async (file: File, summary: BackupSummary) => {
    setStep({ kind: 'running', file, summary, progress: null });
    try {
      const totals = await runRestore(
        summary,
        {
          receipts: (each) => readReceipts(file, summary.manifest, each),
          events: (send) => readEventBatches(file, send),
        },
        portsFor(summary),
        record.current,
        (progress) => setStep({ kind: 'running', file, summary, progress }),
      );
      setStep({ kind: 'done', summary, totals });
    } catch (caught) {
      const problem = caught instanceof BackupFileError ? fileProblem(caught) : apiProblem(caught);
      setStep({ kind: 'failed', file, summary, problem, retry: !(caught instanceof BackupFileError) });
    }
  };

  /** Step 1: StartRestore (a retry when it was sent before); the account's data asks for the merge first. */
  const begin = async (file: File, summary: BackupSummary) => {
    if (running.current) return;
    running.current = true;
    try {
      setStep({ kind: 'running', file, summary, progress: null });
      const { manifest } = summary;
      const outcome = await startRestore.run({
        backupId: manifest.backupId,
        sourceUserId: manifest.sourceUserId,
        merge: merge.current,
        eventCount: manifest.eventCount,
      });
      if (!outcome.ok) {
        if (outcome.error.code === 'restore_account_not_empty') {
          setStep({ kind: 'ready', file, summary });
          setConfirmMerge(true);
          return;
        }
        const retry = outcome.error.code !== 'restore_same_account';
        setStep({ kind: 'failed', file, summary, problem: { id: outcome.error.messageId }, retry });
        return;
      }
      await restore(file, summary);
    } finally {
      running.current = false;
    }
  };

  const start = () => {
    if (step.kind === 'ready' || (step.kind === 'failed' && step.retry)) void begin(step.file, step.summary);
  };

  const answerMerge = (yes: boolean) => {
    setConfirmMerge(false);
    if (!yes) setAttention((count) => count + 1);
    if (!yes || step.kind !== 'ready') return;
    merge.current = true;
    void begin(step.file, step.summary);
  };

  return { step, attention, confirmMerge, choose, another, start, answerMerge };
}
