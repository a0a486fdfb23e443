import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { tagKey, type TagView } from '@plenty/contracts/tags';
import { useTagsQuery } from '../../../lib/api/tags';
import { useCommand } from '../../../lib/api/use-command';
import { LocalizedLink } from '../../../lib/localized-link';
import { useFormat } from '../../../lib/use-format';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { Row, RowList } from '../../../ui/list-row/list-row';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { Page, PageHeader } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { RenameTagDialog } from '../components/rename-tag-dialog';
import { useOpenWhenCurrent, useServerAnswer } from '../../../lib/api/server-answer';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import styles from '../tags.module.css';

/** The transaction list filtered by a tag (the list's `tag` URL filter). */
export const tagTransactionsPath = (tag: Pick<TagView, 'name'>): string =>
  `/dashboard/transactions?${new URLSearchParams({ tag: tag.name }).toString()}`;

/**
 * The user's tags, most used first: each opens the transactions that carry it, and is renamed
 * (merged into another tag when given its name, after asking) or taken off every transaction.
 */
export function TagsPage() {
  usePageTitle('page.tags');
  const query = useTagsQuery();
  const data = query.currentData ?? query.data;
  // The list may be the device copy painted at start-up; a tag is renamed from the server's values
  // (one renamed elsewhere meanwhile is gone, and its dialog does not open).
  const current = useServerAnswer(query);
  const renaming = useOpenWhenCurrent(current, (id: string): TagView | undefined => data?.find((tag) => tag.id === id));
  const [deleting, setDeleting] = useState<TagView | null>(null);
  const dispatch = useDispatch();
  const deleteTag = useCommand('DeleteTag');
  // A renamed tag is a row of its own and a deleted one's row is gone: once the list shows the
  // change, the keyboard's focus goes to the renamed tag's Rename, or to the row that took the
  // deleted one's place (the empty page's action when none is left), not back to the page's top.
  const focusAfter = useRef<{ readonly renamed: string } | { readonly deleted: string; readonly index: number } | null>(
    null,
  );
  useEffect(() => {
    const after = focusAfter.current;
    if (after === null || data === undefined) return;
    let index: number;
    if ('renamed' in after) {
      index = data.findIndex((tag) => tag.id === after.renamed);
      if (index === -1) return;
    } else {
      if (data.some((tag) => tag.id === after.deleted)) return;
      index = Math.min(after.index, data.length - 1);
    }
    focusAfter.current = null;
    const target =
      index < 0
        ? document.querySelector<HTMLElement>('[data-testid="tags-empty"] a')
        : document.querySelectorAll<HTMLElement>('[data-testid="tag-rename"]')[index];
    target?.focus();
  }, [data]);

  const confirmDelete = async () => {
    if (deleting === null || deleteTag.pending) return;
    const outcome = await deleteTag.run({ tag: deleting.name });
    if (!outcome.ok) {
      dispatch(showApiError(outcome.error));
      return;
    }
    dispatch(showSuccess('tags.toast.deleted', { name: deleting.name }));
    focusAfter.current = { deleted: deleting.id, index: (data ?? []).findIndex((tag) => tag.id === deleting.id) };
    setDeleting(null);
  };

  return (
    <Page testId="tags-page">
      <PageHeader
        size="compact"
        align="start"
        title={<FormattedMessage id="page.tags" />}
        lead={<FormattedMessage id="tags.lead" />}
      />
      {data === undefined ? (
        query.isError ? (
          <QueryLoadError query={query} message="tags.loadFailed" retry="tags.retry" testId="tags-error" />
        ) : (
          <Loading testId="tags-loading" className={styles.loading}>
            <SkeletonBlock height="4.5rem" />
            <SkeletonBlock height="4.5rem" />
            <SkeletonBlock height="4.5rem" />
          </Loading>
        )
      ) : data.length === 0 ? (
        <EmptyState
          variant="card"
          level={2}
          title={<FormattedMessage id="tags.empty.title" />}
          testId="tags-empty"
          action={
            <LocalizedLink to="/dashboard/transactions" className={buttonClass('primary')}>
              <FormattedMessage id="tags.empty.action" />
            </LocalizedLink>
          }
        >
          <FormattedMessage id="tags.empty.body" />
        </EmptyState>
      ) : (
        <Card title={<FormattedMessage id="tags.list.title" />} gap="medium">
          <RowList testId="tags-list">
            {data.map((tag) => (
              <TagRow key={tag.id} tag={tag} onRename={() => renaming.open(tag.id)} onDelete={() => setDeleting(tag)} />
            ))}
          </RowList>
        </Card>
      )}
      <WaitingDialog open={renaming.waiting} onClose={renaming.close} />
      <RenameTagDialog
        tag={renaming.value ?? null}
        tags={data ?? []}
        onRenamed={(to) => (focusAfter.current = { renamed: tagKey(to) })}
        onClose={renaming.close}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="tags.delete.title"
        body="tags.delete.body"
        confirm="tags.delete.confirm"
        danger
        values={{ name: deleting?.name ?? '', count: deleting?.count ?? 0 }}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}

function TagRow({ tag, onRename, onDelete }: { readonly tag: TagView; onRename(): void; onDelete(): void }) {
  const intl = useIntl();
  const format = useFormat();
  const name = { name: tag.name };
  return (
    <Row className={styles.tag} testId="tag-row">
      <div className={styles.text}>
        <h3 className={styles.name}>
          <LocalizedLink to={tagTransactionsPath(tag)} aria-label={intl.formatMessage({ id: 'tags.showLabel' }, name)}>
            {tag.name}
          </LocalizedLink>
        </h3>
        <p className={styles.meta}>
          <span data-testid="tag-count">
            <FormattedMessage id="tags.count" values={{ count: tag.count }} />
          </span>
          {tag.lastUsed !== null && (
            <span>
              <FormattedMessage id="tags.lastUsed" values={{ date: format.longDate(tag.lastUsed) }} />
            </span>
          )}
        </p>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('secondary')}
          aria-label={intl.formatMessage({ id: 'tags.renameLabel' }, name)}
          onClick={onRename}
          data-testid="tag-rename"
        >
          <FormattedMessage id="tags.rename" />
        </button>
        <button
          type="button"
          className={`${buttonClass('secondary')} ${styles.delete}`}
          aria-label={intl.formatMessage({ id: 'tags.deleteLabel' }, name)}
          onClick={onDelete}
        >
          <FormattedMessage id="tags.delete" />
        </button>
      </div>
    </Row>
  );
}
