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
  /** How many products are shown, announced to screen readers as it grows. */
  shown: number;
  /** The button's text, e.g. 'Show more products'. */
  label: string;
}

/**
 * Under a paged grid: a button that asks for the next page (gone after the last), a retry message when that
 * fails, and a polite count for screen readers. While the page loads the button is aria-disabled rather
 * than disabled, so it keeps the focus, and further clicks are ignored.
 */
export function LoadMore({ pages, shown, label }: LoadMoreProps) {
  const loading = pages.isFetchingNextPage;
  return (
    <div className="load-more">
      <p className="visually-hidden" aria-live="polite">
        Showing {shown} products
      </p>
      {pages.isFetchNextPageError && (
        <p className="status-text" role="alert">
          Could not load more products. Please try again.
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
