/** What the button needs of a paged list: a paged query (`useInfiniteQuery`'s result) or a list the page already holds. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

interface LoadMoreProps {
  /** The paged list whose next page the button asks for. */
  pages: MorePages;
  /** The button's text, e.g. 'Show more products'. */
  label: string;
  /** What the alert says when the next page could not be loaded. */
  failed: string;
  /** Announced politely as the list grows ('Showing 24 products'); left out where the page shows a count of its own. */
  shown?: string;
}

/**
 * Under a paged list: a button that asks for the next page (gone after the last), an alert when that fails,
 * and a polite count for screen readers. While the page loads the button is aria-disabled rather than
 * disabled, so it keeps the focus, and further clicks are ignored.
 */
export function LoadMore({ pages, label, failed, shown }: LoadMoreProps) {
  const loading = pages.isFetchingNextPage;
  return (
    <div className="load-more">
      {shown !== undefined && (
        <p className="visually-hidden" aria-live="polite">
          {shown}
        </p>
      )}
      {pages.isFetchNextPageError && (
        <p className="status-text" role="alert">
          {failed}
        </p>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          className="button button--secondary button--large"
          aria-disabled={loading}
          aria-busy={loading}
          onClick={() => {
            if (!loading) void pages.fetchNextPage();
          }}
        >
          {label}
        </button>
      )}
    </div>
  );
}
