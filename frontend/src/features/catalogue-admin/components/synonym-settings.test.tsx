import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { linesToGroups } from '../lib/synonym-lines';
import { SynonymSettings } from './synonym-settings';

function setup(save: (body: unknown) => Response) {
  const saves: unknown[] = [];
  mockFetch(async (url, request) => {
    if (url.pathname !== '/api/admin/search-synonyms') return json({ message: 'Not found' }, 404);
    if (request.method === 'GET') return json({ groups: [['cover', 'back cover', 'case']] });
    const body: unknown = await request.json();
    saves.push(body);
    return save(body);
  });
  renderWithProviders(<SynonymSettings />, { route: '/admin/search-synonyms' });
  return { saves, user: userEvent.setup() };
}

describe('SynonymSettings', () => {
  it('shows one group per line and saves the edited lines as groups', async () => {
    const { saves, user } = setup(() => json({ groups: [['cover', 'back cover', 'case'], ['dabba', 'power bank']] }));
    const box = await screen.findByRole('textbox', { name: 'Synonym groups' });
    expect(box).toHaveValue('cover, back cover, case');

    await user.type(box, '\n\nDabba ,  Power-Bank,');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('✅ Synonyms saved. Searches use them now.')).toBeInTheDocument();
    expect(saves).toEqual([{ groups: [['cover', 'back cover', 'case'], [], ['Dabba', 'Power-Bank']] }]);
    expect(box).toHaveValue('cover, back cover, case\ndabba, power bank');
  });

  it("names the line of a group the server refuses", async () => {
    const message = '"cover" is already in another group.';
    const { user } = setup(() => json({ message, errors: { 'groups[1]': [message] } }, 400));
    const box = await screen.findByRole('textbox', { name: 'Synonym groups' });

    await user.type(box, '\ncover, pouch');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(`Line 2: ${message}`)).toHaveClass('admin-message--error');
  });

  it('leaves blank terms out and sends a blank line as an empty group, so line numbers hold', () => {
    expect(linesToGroups(' a , ,b\n\n  \nc,d ')).toEqual([['a', 'b'], [], [], ['c', 'd']]);
  });
});
