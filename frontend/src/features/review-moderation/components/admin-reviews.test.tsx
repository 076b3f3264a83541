import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { ReviewResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeReview } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { AdminReviews } from './admin-reviews';

function setup(reviews: ReviewResponse[]) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  mockFetch(async (url, request) => {
    const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? null : await request.json();
    calls.push({ method: request.method, path: url.pathname, search: url.search, body });
    const id = url.pathname.split('/').at(-1) ?? '';
    const review = reviews.find((one) => one._id === id);
    if (url.pathname === '/api/admin/check') return json({ ok: true, email: 'owner@shop.test' });
    if (url.pathname === '/api/reviews/all') {
      const status = url.searchParams.get('status');
      return json(reviews.filter((one) => status === null || one.status === status));
    }
    if (!review) return json({ message: 'Review not found.' }, 404);
    if (url.pathname.startsWith('/api/reviews/moderate/')) return json({ review: { ...review, status: (body as { status: string }).status } });
    if (url.pathname.startsWith('/api/reviews/comment/')) return json({ review: { ...review, adminReply: (body as { adminComment: string }).adminComment } });
    return json({ success: true, message: 'Review deleted.' });
  });
  renderWithProviders(<AdminReviews />, { route: '/admin/reviews' });
  return { calls, user: userEvent.setup() };
}

const pending = makeReview({ _id: '1', status: 'pending', reviewerName: 'Ali', productId: { _id: '12', name: 'Phone Case' } });
const approved = makeReview({ _id: '2', status: 'approved', reviewerName: 'Sana', adminReply: 'Thank you, Sana!', productId: { _id: '13', name: 'Cable' } });
const rejected = makeReview({ _id: '3', status: 'rejected', reviewerName: '', productId: { _id: '12', name: 'Phone Case' } });

function review(name: string) {
  return within(screen.getByRole('article', { name: new RegExp(`^${name}`) }));
}

describe('AdminReviews', () => {
  it('lists the reviews as the server orders them (pending first) with Approve and Reject hidden per state', async () => {
    setup([pending, approved, rejected]);
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-labelledby'))).toEqual(['review-1', 'review-2', 'review-3']);
    const [first, second, third] = articles.map((article) => within(article));
    expect(first?.getByRole('button', { name: "Approve Ali's review of Phone Case" })).toBeInTheDocument();
    expect(first?.getByRole('button', { name: "Reject Ali's review of Phone Case" })).toBeInTheDocument();
    expect(second?.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(second?.getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
    expect(second?.getByText('Thank you, Sana!', { exact: false, selector: 'p' })).toHaveTextContent('Mobile Accessories: Thank you, Sana!');
    expect(third?.getByRole('button', { name: "Approve Anonymous's review of Phone Case" })).toBeInTheDocument();
    expect(third?.queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
    expect(first?.getByText('Pending')).toBeInTheDocument();
  });

  it("shows the reviewer as a name: the typed one, else the account's, never a bracketed word", async () => {
    setup([
      makeReview({ _id: '5', reviewerName: 'Sana', userId: { _id: '7', name: 'Sana Malik' }, productId: { _id: '12', name: 'Phone Case' } }),
      makeReview({ _id: '6', reviewerName: ' ', userId: { _id: '8', name: 'Bilal Ahmed' }, productId: { _id: '13', name: 'Cable' } }),
      makeReview({ _id: '9', reviewerName: '', userId: { _id: '9', name: '' }, productId: { _id: '14', name: 'Charger' } }),
    ]);
    const [typed, account, nameless] = (await screen.findAllByRole('article')).map((article) => within(article));

    expect(typed?.getByText('Sana', { selector: 'strong' }).parentElement).toHaveTextContent(/Sana · account: Sana Malik$/);
    expect(account?.getByText('Bilal Ahmed', { selector: 'strong' }).parentElement).not.toHaveTextContent('(');
    expect(account?.getByRole('button', { name: "Reject Bilal Ahmed's review of Cable" })).toBeInTheDocument();
    expect(nameless?.getByText('Anonymous', { selector: 'strong' }).parentElement).not.toHaveTextContent('(');
  });

  it("opens filtered by the address's status (the dashboard's 'Reviews waiting')", async () => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url.search);
      return json([]);
    });
    renderWithProviders(<AdminReviews />, { route: '/admin/reviews?status=pending' });

    expect(await screen.findByText('No reviews.')).toBeInTheDocument();
    expect(screen.getByLabelText('Show')).toHaveValue('pending');
    expect(calls.at(-1)).toContain('status=pending');
  });

  it('filters by status on the server', async () => {
    const { calls, user } = setup([pending, approved, rejected]);
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByLabelText('Show'), 'Approved');
    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(1);
    });
    expect(calls.filter((call) => call.path === '/api/reviews/all').map((call) => call.search)).toEqual([
      '?limit=50&offset=0',
      '?limit=50&status=approved&offset=0',
    ]);
  });

  it('approves and rejects through PATCH /api/reviews/moderate/{id} and says so', async () => {
    const { calls, user } = setup([pending]);
    await screen.findAllByRole('article');
    await user.click(review('Phone Case').getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText("✅ Ali's review of Phone Case approved")).toBeInTheDocument();
    await user.click(review('Phone Case').getByRole('button', { name: /^Reject/ }));
    expect(await screen.findByText("✅ Ali's review of Phone Case rejected")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body])).toEqual([
      ['/api/reviews/moderate/1', { status: 'approved' }],
      ['/api/reviews/moderate/1', { status: 'rejected' }],
    ]);
  });

  it('sends the reply as adminComment, and deletes after confirming', async () => {
    const { calls, user } = setup([pending]);
    await screen.findAllByRole('article');
    const reply = review('Phone Case').getByLabelText('Reply');
    await user.type(reply, '  Thanks for shopping with us! ');
    await user.click(review('Phone Case').getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText("✅ Reply to Ali's review of Phone Case saved")).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/reviews/comment/1')?.body).toEqual({ adminComment: 'Thanks for shopping with us!' });

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(review('Phone Case').getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByText("✅ Ali's review of Phone Case deleted")).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/reviews/1')).toBe(true);
  });

  it("shows the server's message when an action is refused", async () => {
    const { user } = setup([pending]);
    await screen.findAllByRole('article');
    mockFetch((url) => (url.pathname === '/api/reviews/all' ? json([{ ...pending, _id: '9' }]) : json({ message: 'Review not found.' }, 404)));
    await user.click(review('Phone Case').getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText('❌ Review not found.')).toBeInTheDocument();
  });

  it('says so when a further page could not be loaded, and offers Load more again', async () => {
    const firstPage = Array.from({ length: 50 }, (_, index) => makeReview({ _id: String(100 + index), reviewerName: 'Ali' }));
    mockFetch((url) => {
      if (url.pathname === '/api/admin/check') return json({ ok: true, email: 'owner@shop.test' });
      return url.searchParams.get('offset') === '0' ? json(firstPage) : json({ message: 'Service unavailable.' }, 503);
    });
    renderWithProviders(<AdminReviews />, { route: '/admin/reviews' });
    const user = userEvent.setup();
    expect(await screen.findAllByRole('article')).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more reviews.');
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });
});
