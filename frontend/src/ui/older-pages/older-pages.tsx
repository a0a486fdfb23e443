import { useEffect, useRef, useState, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import { buttonClass } from '../button';
import styles from './older-pages.module.css';
import { Spinner } from '../spinner';

/** What an infinite query (RTK Query) gives the "Show older" control. */
export interface OlderPagesQuery<Page> {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly isFetchNextPageError: boolean;
  fetchNextPage(): PromiseLike<{
    readonly isError: boolean;
    readonly hasNextPage: boolean;
    readonly data?: { readonly pages: readonly Page[] } | undefined;
  }>;
}

type PrefixOf<Suffix extends string> = {
  [Id in MessageId]: Id extends `${infer Prefix}.${Suffix}` ? Prefix : never;
}[MessageId];

/**
 * Where one list's messages are, in the list's own words: `<prefix>.older` ("Show older
 * changes"), `.olderLoading`, `.olderRetry` (after a page failed), `.olderError` (why it
 * failed) and `.olderShown` (announced with `count` once a page is shown). Only a prefix
 * that has all five type-checks.
 */
export type OlderPagesMessages = PrefixOf<'older'> &
  PrefixOf<'olderLoading'> &
  PrefixOf<'olderRetry'> &
  PrefixOf<'olderError'> &
  PrefixOf<'olderShown'>;

const messageId = (prefix: OlderPagesMessages, suffix: string) => `${prefix}.${suffix}` as MessageId;

export interface OlderPages {
  /** The list the entries are in: focus moves to the first older one when the last page comes. */
  readonly list: RefObject<HTMLOListElement | null>;
  readonly showOlder: () => Promise<void>;
  /** How many entries the last page added, once it is shown. */
  readonly announced: number | null;
}

/**
 * Loads a list's older pages one at a time. `shown` is how many entries the list shows now
 * and `count` how many the pages hold: what a page adds is announced politely, and when no
 * page is left (the button goes) focus moves on to the first entry the last page brought.
 */
export function useOlderPages<Page>(
  query: OlderPagesQuery<Page>,
  shown: number,
  count: (pages: readonly Page[]) => number,
): OlderPages {
  const list = useRef<HTMLOListElement>(null);
  // Where the entries of the page being loaded start, and whether focus goes there once they show.
  const older = useRef<{ from: number; focus: boolean } | null>(null);
  const [announced, setAnnounced] = useState<number | null>(null);

  const showOlder = async () => {
    if (query.isFetchingNextPage || older.current !== null) return;
    older.current = { from: shown, focus: false };
    setAnnounced(null);
    const result = await query.fetchNextPage();
    if (result.isError || older.current === null) {
      older.current = null;
      return;
    }
    const added = count(result.data?.pages ?? []) - older.current.from;
    older.current = { ...older.current, focus: !result.hasNextPage };
    setAnnounced(Math.max(added, 0));
  };

  useEffect(() => {
    const pending = older.current;
    if (announced === null || pending === null) return;
    older.current = null;
    if (pending.focus) list.current?.querySelectorAll<HTMLElement>(':scope > li')[pending.from]?.focus();
  }, [announced]);

  return { list, showOlder, announced };
}

/**
 * Under a list: the error of a page that failed, "Show older …" while pages are left (busy
 * while one loads, "Try again" after a failure), and the polite announcement of what came.
 */
export function OlderPagesControl<Page>({
  query,
  older,
  messages,
  testId,
}: {
  readonly query: OlderPagesQuery<Page>;
  readonly older: OlderPages;
  readonly messages: OlderPagesMessages;
  readonly testId: string;
}) {
  return (
    <>
      {query.isFetchNextPageError && !query.isFetchingNextPage && (
        <p className={styles.error} role="alert">
          <FormattedMessage id={messageId(messages, 'olderError')} />
        </p>
      )}
      {query.hasNextPage && (
        <div className={styles.more}>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void older.showOlder()}
            aria-disabled={query.isFetchingNextPage}
            data-testid={testId}
          >
            {query.isFetchingNextPage && <Spinner />}
            <FormattedMessage
              id={messageId(
                messages,
                query.isFetchingNextPage ? 'olderLoading' : query.isFetchNextPageError ? 'olderRetry' : 'older',
              )}
            />
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {older.announced !== null && (
          <FormattedMessage id={messageId(messages, 'olderShown')} values={{ count: older.announced }} />
        )}
      </p>
    </>
  );
}
