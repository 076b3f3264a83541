import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { LoadMore, type MorePages } from './load-more';

function pagesOf(overrides: Partial<MorePages> = {}): MorePages {
  return { hasNextPage: true, isFetchingNextPage: false, isFetchNextPageError: false, fetchNextPage: vi.fn(), ...overrides };
}

describe('LoadMore', () => {
  it('asks for the next page on a click, and announces what is shown', async () => {
    const pages = pagesOf();
    render(<LoadMore pages={pages} label="Show more products" failed="Could not load more products. Please try again." shown="Showing 24 products" />);

    await userEvent.click(screen.getByRole('button', { name: 'Show more products' }));

    expect(pages.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Showing 24 products')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the focus but ignores clicks while the page loads', async () => {
    const pages = pagesOf({ isFetchingNextPage: true });
    render(<LoadMore pages={pages} label="Load more" failed="Could not load more orders." />);
    const button = screen.getByRole('button', { name: 'Load more' });

    await userEvent.click(button);

    expect(pages.fetchNextPage).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).not.toBeDisabled();
  });

  it('says what failed and offers the button again', () => {
    render(<LoadMore pages={pagesOf({ isFetchNextPageError: true })} label="Load more" failed="Could not load more reviews." />);

    expect(screen.getByRole('alert')).toHaveTextContent('Could not load more reviews.');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('draws no button after the last page, and no announcement where the page counts for itself', () => {
    const { container } = render(<LoadMore pages={pagesOf({ hasNextPage: false })} label="Load more" failed="Could not load more orders." />);

    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-live]')).toBeNull();
  });
});
