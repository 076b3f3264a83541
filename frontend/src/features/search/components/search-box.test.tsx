import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { SearchBox } from './search-box';

function setup() {
  const onSearch = vi.fn();
  renderWithProviders(<SearchBox onSearch={onSearch} />, { route: '/' });
  const input = screen.getByPlaceholderText('Search accessories ...');
  return { onSearch, input, user: userEvent.setup() };
}

describe('SearchBox', () => {
  it('has the placeholder and an accessible name', () => {
    setup();
    expect(screen.getByRole('searchbox', { name: 'Search accessories' })).toHaveAttribute(
      'placeholder',
      'Search accessories ...',
    );
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('does nothing for a blank term', async () => {
    const { input, onSearch, user } = setup();
    await user.type(input, '   {Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
  });

  it('does nothing for an empty term submitted with the button', async () => {
    const { onSearch, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('trims the term and URL-encodes it into /search?q=', async () => {
    const { input, onSearch, user } = setup();
    await user.type(input, '  iPhone 15 & case/cover  {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=iPhone%2015%20%26%20case%2Fcover');
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
