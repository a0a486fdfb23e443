/*
 * The recurring rule dialog, shared: the recurring pages open it to add and edit rules, the
 * transaction detail opens it from "Repeat…" (a draft from `draftFromTransaction` with the
 * transaction's id). Create sends CreateRecurringRule; edit sends EditRecurringRule with
 * `from` ("this and following": from the next due date when opened from the list).
 */
import { RECURRENCE_FREQUENCIES } from '@plenty/contracts/calendar/recurrence';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { TRANSACTION_TYPES } from '@plenty/contracts/categories';
import type { Currency } from '@plenty/contracts/money';
import { RECURRING_MODES } from '@plenty/contracts/recurring';
import type { RecurringRuleView } from '@plenty/contracts/views/recurring';
import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useCommand } from '../../lib/api/use-command';
import type { FieldMapping } from '../../lib/form/field-codes';
import { useForm } from '../../lib/form/use-form';
import type { MessageId } from '../../lib/messages';
import { usePreferences } from '../../lib/preferences';
import { useFormat } from '../../lib/use-format';
import { useLocale } from '../../lib/use-locale';
import { CategoryPicker } from '../category-picker/category-picker';
import { DateField } from '../date-field/date-field';
import { CurrencySelect } from '../dialog-form/currency-select';
import { DialogActions } from '../dialog-form/dialog-actions';
import { DialogField } from '../dialog-form/dialog-field';
import dialogForm from '../dialog-form/dialog-form.module.css';
import { dateControl } from '../dialog-form/date-control';
import { FieldMessage, FormError } from '../dialog-form/field-message';
import { ModalDialog } from '../dialog-form/modal-dialog';
import { useWriters } from '../history/use-transaction-writers';
import { showSuccess } from '../toast/toasts-slice';
import { preferredWallet } from '../wallet-picker/choices';
import { WalletPicker, useWalletChoices } from '../wallet-picker/wallet-picker';
import styles from './recurring.module.css';
import {
  RULE_FIELDS,
  draftFromRule,
  emptyRuleDraft,
  pastShortMonths,
  PAST_DATES_CAP,
  pastDatesPosted,
  previewDates,
  validateRule,
  type EndKind,
  type RuleDraft,
  type RuleField,
} from './rule-form';
import { useScheduleWords } from './schedule-words';
import { AmountInput } from '../dialog-form/amount-input';
import { buttonClass } from '../button';
import { newSplitLine } from '../split-lines/split-draft';
import { SplitLines } from '../split-lines/split-lines';
import { useSplitFocus } from '../split-lines/use-split-focus';
import { TagsInput } from '../tags-input/tags-input';
import { MAX_SPLIT_LINES } from '@plenty/contracts/splits';
import { MAX_TAGS } from '@plenty/contracts/tags';

/** What the dialog is open for: a new rule (maybe from a transaction), or an edit from a date on. */
export type RuleEditing =
  | { readonly kind: 'create'; readonly draft?: RuleDraft; readonly fromTransactionId?: string }
  | { readonly kind: 'edit'; readonly rule: RecurringRuleView; readonly from: string }
  | null;

const MAPPING: FieldMapping<RuleField> = {
  fields: RULE_FIELDS,
  paths: {
    'rule.amount': 'amount',
    'rule.walletId': 'walletId',
    'rule.categoryId': 'categoryId',
    'rule.note': 'note',
    'schedule.interval': 'interval',
    'rule.schedule.interval': 'interval',
    'schedule.startDate': 'startDate',
    'rule.schedule.startDate': 'startDate',
    from: 'startDate',
    'schedule.monthDay': 'monthDay',
    'rule.schedule.monthDay': 'monthDay',
    'schedule.end.date': 'endDate',
    'rule.schedule.end.date': 'endDate',
    'schedule.end.count': 'endCount',
    'rule.schedule.end.count': 'endCount',
    splits: 'splits',
    'rule.splits': 'splits',
    tags: 'tags',
    'rule.tags': 'tags',
    // A line's or a tag's own refusal (`splits.1.categoryId`, `rule.tags.3`) is the lines' or the tags' field.
    ...Object.fromEntries(
      ['', 'rule.'].flatMap((prefix) =>
        Array.from({ length: MAX_SPLIT_LINES }, (_, index) =>
          ['', '.categoryId', '.amount', '.note'].map((part) => [`${prefix}splits.${index}${part}`, 'splits' as const]),
        ).flat(),
      ),
    ),
    ...Object.fromEntries(
      ['', 'rule.'].flatMap((prefix) =>
        Array.from({ length: MAX_TAGS }, (_, index) => [`${prefix}tags.${index}`, 'tags' as const]),
      ),
    ),
  },
  codes: {
    category_required: 'categoryId',
    category_not_found: 'categoryId',
    category_type_mismatch: 'categoryId',
    wallet_archived: 'walletId',
    wallet_currency_mismatch: 'walletId',
    wallet_not_found: 'walletId',
    split_total_mismatch: 'splits',
    split_category_mismatch: 'splits',
    split_too_few_lines: 'splits',
    split_too_many_lines: 'splits',
    tag_required: 'tags',
    tag_duplicate: 'tags',
    tags_too_many: 'tags',
  },
};

const FREQUENCY_WORDS: Record<(typeof RECURRENCE_FREQUENCIES)[number], MessageId> = {
  day: 'recurring.field.unit.day',
  week: 'recurring.field.unit.week',
  month: 'recurring.field.unit.month',
  year: 'recurring.field.unit.year',
};
const END_WORDS: Record<EndKind, MessageId> = {
  never: 'recurring.field.end.never',
  on: 'recurring.field.end.on',
  after: 'recurring.field.end.after',
};
const MODE_WORDS: Record<(typeof RECURRING_MODES)[number], MessageId> = {
  auto: 'recurring.mode.auto',
  confirm: 'recurring.mode.confirm',
};
const MODE_HINTS: Record<(typeof RECURRING_MODES)[number], MessageId> = {
  auto: 'recurring.mode.autoHint',
  confirm: 'recurring.mode.confirmHint',
};
const END_KINDS: readonly EndKind[] = ['never', 'on', 'after'];
const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

export interface RuleDialogProps {
  readonly editing: RuleEditing;
  onClose(): void;
  /** After the server accepted a new rule, with its id. */
  onCreated?(ruleId: string): void;
}

export function RuleDialog({ editing, onClose, onCreated }: RuleDialogProps) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const format = useFormat();
  const { locale } = useLocale();
  const { preferences } = usePreferences();
  const writers = useWriters();
  const sayWords = useScheduleWords();
  const today = todayIn(preferences?.timeZone);
  const create = useCommand('CreateRecurringRule', MAPPING);
  const edit = useCommand('EditRecurringRule', MAPPING);
  const busy = create.pending || edit.pending;
  const currency: Currency = preferences?.currency ?? 'LAK';

  const session =
    editing === null
      ? null
      : editing.kind === 'edit'
        ? `${editing.rule.id}:${editing.from}`
        : `new:${editing.fromTransactionId ?? ''}`;
  const form = useForm<RuleDraft, RuleField>({
    initial: () =>
      editing?.kind === 'edit'
        ? draftFromRule(editing.rule, editing.from, locale)
        : (editing?.draft ?? emptyRuleDraft(currency, today)),
    fields: RULE_FIELDS,
    validate: (draft) => validateRule(draft, locale).errors,
    session,
    onSessionStart: () => {
      create.reset();
      edit.reset();
    },
  });
  const { values: draft, update } = form;
  // "Split" puts the keyboard on the first line's category, "Undo split" back on "Split".
  const splitFocusRef = useSplitFocus(draft.splits !== null, '[data-testid="rule-dialog"]');
  const wallets = useWalletChoices(draft.currency, editing?.kind === 'edit' ? editing.rule.walletId : null);

  // The wallet follows the currency: the rule's own, else the one used last, else its cash wallet.
  useEffect(() => {
    if (session === null || wallets.userId === '' || wallets.isLoading) return;
    if (draft.walletId !== '' && wallets.choices.some((w) => w.id === draft.walletId)) return;
    const chosen = preferredWallet(wallets.choices, draft.currency, wallets.userId, null);
    if (chosen !== null && chosen !== draft.walletId) update({ walletId: chosen });
  }, [session, wallets.userId, wallets.isLoading, wallets.choices, draft.walletId, draft.currency, update]);

  const preview = useMemo(() => previewDates(draft), [draft]);
  // A new rule that posts by itself from a start in the past records those dates at once: say how many.
  const pastDates = useMemo(
    () => (editing?.kind === 'edit' ? 0 : pastDatesPosted(draft, today)),
    [draft, today, editing?.kind],
  );
  const { value: checked } = validateRule(draft, locale);
  const words = checked === null ? null : sayWords(checked.schedule);
  const monthly = draft.frequency === 'month' || draft.frequency === 'year';

  const submit = form.onSubmit(async (values) => {
    const { value } = validateRule(values, locale);
    if (busy || value === null || editing === null) return;
    if (editing.kind === 'edit') {
      const outcome = await edit.run({ ruleId: editing.rule.id, from: editing.from, rule: value });
      if (outcome.ok) {
        dispatch(showSuccess('recurring.toast.updated'));
        onClose();
        return;
      }
      form.showErrors(outcome.fieldErrors);
      return;
    }
    const ruleId = create.newId();
    const outcome = await create.run({
      ruleId,
      ...value,
      ...(editing.fromTransactionId === undefined ? {} : { fromTransactionId: editing.fromTransactionId }),
    });
    if (outcome.ok) {
      dispatch(showSuccess('recurring.toast.created'));
      onClose();
      onCreated?.(ruleId);
      return;
    }
    form.showErrors(outcome.fieldErrors);
  });

  const formError = create.formError ?? edit.formError;

  return (
    <ModalDialog
      open={editing !== null}
      onClose={onClose}
      busy={busy}
      labelledBy={form.id('title')}
      initialFocus={() => document.getElementById(form.id('amount'))}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      portal
      testId="rule-dialog"
    >
      <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
        <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
          <FormattedMessage
            id={editing?.kind === 'edit' ? 'recurring.dialog.editTitle' : 'recurring.dialog.addTitle'}
          />
        </h2>
        {editing?.kind === 'edit' && (
          <p className={dialogForm.hint}>
            <FormattedMessage id="recurring.dialog.editFrom" values={{ date: format.longDate(editing.from) }} />
          </p>
        )}

        <fieldset className={styles.group}>
          <legend className="visually-hidden">
            <FormattedMessage id="transactions.field.type" />
          </legend>
          <div className={dialogForm.choices}>
            {TRANSACTION_TYPES.map((type) => (
              <label key={type} className={dialogForm.choice}>
                <input
                  type="radio"
                  name={form.id('type')}
                  value={type}
                  checked={draft.type === type}
                  onChange={() => {
                    const category = writers.categories.find((c) => c.id === draft.categoryId);
                    const fits = category === undefined || category.type === 'general' || category.type === type;
                    update(fits ? { type } : { type, categoryId: '' });
                  }}
                />
                {writers.type(type)}
              </label>
            ))}
          </div>
        </fieldset>

        <div className={dialogForm.row}>
          <DialogField form={form} field="amount" label="transactions.field.amount">
            <AmountInput form={form} field="amount" testId="rule-amount" />
          </DialogField>
          <div className={dialogForm.field}>
            <label htmlFor={form.id('currency')} className={dialogForm.label}>
              <FormattedMessage id="transactions.field.currency" />
            </label>
            <CurrencySelect
              id={form.id('currency')}
              value={draft.currency}
              onChange={(next) => {
                if (next !== draft.currency) update({ currency: next, walletId: '' });
              }}
            />
          </div>
        </div>

        <DialogField form={form} field="walletId" label="transaction.wallet.label">
          <WalletPicker
            {...form.field('walletId')}
            name="ruleWallet"
            className={dialogForm.input}
            choices={wallets.choices}
            value={draft.walletId === '' ? null : draft.walletId}
            onChange={(walletId) => form.set('walletId', walletId ?? '')}
          />
        </DialogField>

        {draft.splits === null ? (
          <div className={dialogForm.field} ref={form.field('categoryId').ref}>
            <div className={styles.categoryHeader}>
              <span id={form.id('category-label')} className={dialogForm.label}>
                <FormattedMessage id="transactions.field.categoryId" />
              </span>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => {
                  splitFocusRef.current = 'lines';
                  update({ splits: [newSplitLine(draft.categoryId), newSplitLine()] });
                }}
                data-testid="split-start"
              >
                <FormattedMessage id="split.start" />
              </button>
            </div>
            {writers.categoriesState.isLoading ? (
              <p className={dialogForm.hint} role="status">
                <FormattedMessage id="common.loading" />
              </p>
            ) : (
              <CategoryPicker
                type={draft.type}
                value={draft.categoryId === '' ? null : draft.categoryId}
                onChange={(categoryId) => form.set('categoryId', categoryId)}
                categories={writers.categories}
                labelledBy={form.id('category-label')}
                errorId={form.hasError('categoryId') ? form.errorId('categoryId') : undefined}
              />
            )}
            <FieldMessage form={form} field="categoryId" />
          </div>
        ) : (
          <fieldset className={styles.splitField} ref={form.field('splits').ref} data-testid="split-lines">
            <div className={styles.categoryHeader}>
              <legend className={`${dialogForm.label} ${styles.splitLegend}`}>
                <FormattedMessage id="split.title" />
              </legend>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => {
                  splitFocusRef.current = 'start';
                  // One category again: the first line's, the whole amount in it.
                  update({ splits: null, categoryId: draft.splits?.[0]?.categoryId ?? draft.categoryId });
                }}
                data-testid="split-undo"
              >
                <FormattedMessage id="split.undo" />
              </button>
            </div>
            <p className={dialogForm.hint}>
              <FormattedMessage id="split.hint" />
            </p>
            <SplitLines
              values={draft}
              lines={draft.splits}
              locale={locale}
              categories={writers.categories}
              showProblems={form.hasError('splits')}
              errorId={form.hasError('splits') ? form.errorId('splits') : undefined}
              idPrefix={form.id('split')}
              onChange={(lines) => form.set('splits', lines)}
            />
            <FieldMessage form={form} field="splits" />
          </fieldset>
        )}

        <DialogField form={form} field="note" label="recurring.field.note">
          <input
            {...form.field('note')}
            className={dialogForm.input}
            value={draft.note}
            autoComplete="off"
            onChange={(event) => form.set('note', event.target.value)}
            data-testid="rule-note"
          />
        </DialogField>

        <DialogField form={form} field="tags" label="tags.input.label">
          <TagsInput
            id={form.id('tags')}
            inputRef={form.field('tags').ref}
            aria-invalid={form.hasError('tags')}
            aria-describedby={form.hasError('tags') ? form.errorId('tags') : undefined}
            value={draft.tags}
            onChange={(tags) => form.set('tags', tags)}
          />
        </DialogField>

        <fieldset className={styles.group}>
          <legend className={dialogForm.label}>
            <FormattedMessage id="recurring.field.repeat" />
          </legend>
          <div className={styles.repeatRow}>
            <label htmlFor={form.id('interval')} className={styles.inline}>
              <FormattedMessage id="recurring.field.every" />
            </label>
            <input
              {...form.field('interval')}
              className={`${dialogForm.input} ${styles.narrow}`}
              value={draft.interval}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => form.set('interval', event.target.value)}
              data-testid="rule-interval"
            />
            <select
              className={dialogForm.input}
              aria-label={intl.formatMessage({ id: 'recurring.field.frequency' })}
              value={draft.frequency}
              onChange={(event) => {
                const next = RECURRENCE_FREQUENCIES.find((f) => f === event.target.value) ?? draft.frequency;
                form.set('frequency', next);
              }}
              data-testid="rule-frequency"
            >
              {RECURRENCE_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {intl.formatMessage({ id: FREQUENCY_WORDS[frequency] }, { count: Number(draft.interval) || 1 })}
                </option>
              ))}
            </select>
          </div>
          <FieldMessage form={form} field="interval" />
        </fieldset>

        <div className={monthly ? dialogForm.row2 : undefined}>
          <DialogField form={form} field="startDate" label="recurring.field.startDate">
            <DateField
              {...dateControl(form.field('startDate'))}
              className={dialogForm.input}
              value={draft.startDate}
              onChange={(value) => form.set('startDate', value)}
            />
          </DialogField>
          {monthly && (
            <DialogField form={form} field="monthDay" label="recurring.field.monthDay">
              <select
                {...form.field('monthDay', pastShortMonths(draft) ? form.id('month-day-note') : undefined)}
                className={dialogForm.input}
                value={draft.monthDay}
                onChange={(event) => form.set('monthDay', event.target.value)}
                data-testid="rule-month-day"
              >
                {MONTH_DAYS.map((day) => (
                  <option key={day} value={day}>
                    {format.number(Number(day))}
                  </option>
                ))}
                <option value="last">{intl.formatMessage({ id: 'recurring.field.lastDay' })}</option>
              </select>
            </DialogField>
          )}
        </div>
        {pastShortMonths(draft) && (
          <p id={form.id('month-day-note')} className={styles.note} data-testid="rule-short-month-note">
            <FormattedMessage
              id="recurring.field.shortMonthsNote"
              values={{ day: format.number(Number(draft.monthDay)) }}
            />
          </p>
        )}

        <fieldset className={styles.group}>
          <legend className={dialogForm.label}>
            <FormattedMessage id="recurring.field.end" />
          </legend>
          <div className={`${dialogForm.choices} ${styles.three}`}>
            {END_KINDS.map((kind) => (
              <label key={kind} className={dialogForm.choice}>
                <input
                  type="radio"
                  name={form.id('end')}
                  value={kind}
                  checked={draft.endKind === kind}
                  onChange={() => form.set('endKind', kind)}
                  data-testid={`rule-end-${kind}`}
                />
                <FormattedMessage id={END_WORDS[kind]} />
              </label>
            ))}
          </div>
          {draft.endKind === 'on' && (
            <DialogField form={form} field="endDate" label="recurring.field.endDate">
              <DateField
                {...dateControl(form.field('endDate'))}
                className={dialogForm.input}
                value={draft.endDate}
                onChange={(value) => form.set('endDate', value)}
              />
            </DialogField>
          )}
          {draft.endKind === 'after' && (
            <DialogField form={form} field="endCount" label="recurring.field.endCount">
              <input
                {...form.field('endCount')}
                className={`${dialogForm.input} ${styles.narrow}`}
                value={draft.endCount}
                inputMode="numeric"
                autoComplete="off"
                onChange={(event) => form.set('endCount', event.target.value)}
                data-testid="rule-end-count"
              />
            </DialogField>
          )}
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={dialogForm.label}>
            <FormattedMessage id="recurring.field.mode" />
          </legend>
          <div className={dialogForm.choices}>
            {RECURRING_MODES.map((mode) => (
              <label key={mode} className={dialogForm.choice}>
                <input
                  type="radio"
                  name={form.id('mode')}
                  value={mode}
                  checked={draft.mode === mode}
                  aria-describedby={form.id('mode-hint')}
                  onChange={() => form.set('mode', mode)}
                  data-testid={`rule-mode-${mode}`}
                />
                <FormattedMessage id={MODE_WORDS[mode]} />
              </label>
            ))}
          </div>
          <p id={form.id('mode-hint')} className={dialogForm.hint}>
            <FormattedMessage id={MODE_HINTS[draft.mode]} />
          </p>
        </fieldset>

        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.remind}
            aria-describedby={form.id('remind-hint')}
            onChange={(event) => form.set('remind', event.target.checked)}
            data-testid="rule-remind"
          />
          <FormattedMessage id="recurring.field.remind" />
        </label>
        <p id={form.id('remind-hint')} className={dialogForm.hint}>
          <FormattedMessage id="recurring.field.remindHint" />
        </p>

        <section className={styles.preview} aria-labelledby={form.id('preview-title')}>
          <h3 id={form.id('preview-title')} className={styles.previewTitle}>
            <FormattedMessage id="recurring.preview.title" />
          </h3>
          <div aria-live="polite" data-testid="rule-preview">
            {words !== null && (
              <p className={styles.previewWords}>
                {words.repeat}
                {words.end !== null && ` · ${words.end}`}
              </p>
            )}
            {preview.length === 0 ? (
              <p className={dialogForm.hint}>
                <FormattedMessage id="recurring.preview.none" />
              </p>
            ) : (
              <ol className={styles.previewList}>
                {preview.map((date) => (
                  <li key={date} data-testid="rule-preview-date" data-date={date}>
                    {format.longDate(date)}
                  </li>
                ))}
              </ol>
            )}
            {pastDates > 0 && (
              <p className={dialogForm.hint} data-testid="rule-past-dates">
                <FormattedMessage
                  id={pastDates >= PAST_DATES_CAP ? 'recurring.preview.pastMany' : 'recurring.preview.past'}
                  values={{ count: pastDates }}
                />
              </p>
            )}
          </div>
        </section>

        <FormError message={formError} fieldErrors={[create.fieldErrors, edit.fieldErrors]} testId="rule-form-error" />

        <DialogActions
          busy={busy}
          onCancel={onClose}
          submit={
            busy
              ? 'recurring.dialog.saving'
              : editing?.kind === 'edit'
                ? 'recurring.dialog.save'
                : 'recurring.dialog.add'
          }
        />
      </form>
    </ModalDialog>
  );
}
