import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeProduct } from '@/testing/fixtures';

import { ProductShare } from './product-share';

const product = makeProduct({ _id: '42', name: 'Anker 20W USB-C Charger & Cable', price: 2499, finalPrice: 1999 });
const url = `${window.location.origin}/product/42`;
const waHref =
  'https://wa.me/?text=Anker%2020W%20USB-C%20Charger%20%26%20Cable%20%E2%80%94%20Rs%201%2C999%0A' + encodeURIComponent(url);

/** Gives the browser (or takes from it) one of the navigator's methods for one test. */
function setNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

afterEach(() => {
  // jsdom has neither; the tests add them.
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ProductShare', () => {
  it("opens the phone's share sheet with the name, '{name} — Rs {price}' and the page's URL where there is one", async () => {
    const share = vi.fn(() => Promise.resolve());
    setNavigator('share', share);
    render(<ProductShare product={product} />);
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledExactlyOnceWith({
      title: 'Anker 20W USB-C Charger & Cable',
      text: 'Anker 20W USB-C Charger & Cable — Rs 1,999',
      url: 'http://localhost:3000/product/42',
    });
    await waitFor(() => {
      expect(share.mock.results[0]?.type).toBe('return');
    });
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('shows nothing when the shopper closes the sheet (AbortError), and the button stays', async () => {
    const closed = Promise.reject(new DOMException('Share canceled', 'AbortError'));
    const share = vi.fn(() => closed);
    setNavigator('share', share);
    render(<ProductShare product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await closed.catch(() => undefined);
    await Promise.resolve();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  });

  it('offers WhatsApp and Copy link instead when the sheet fails for another reason', async () => {
    setNavigator('share', vi.fn(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError'))));
    render(<ProductShare product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', waHref);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('without a share sheet: a WhatsApp link in a new tab with the exact text, and Copy link', () => {
    render(<ProductShare product={product} />);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(link).toHaveAttribute(
      'href',
      'https://wa.me/?text=Anker%2020W%20USB-C%20Charger%20%26%20Cable%20%E2%80%94%20Rs%201%2C999%0Ahttp%3A%2F%2Flocalhost%3A3000%2Fproduct%2F42',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it("Copy link puts the URL on the clipboard and says 'Link copied'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setNavigator('clipboard', { writeText });
    render(<ProductShare product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledExactlyOnceWith('http://localhost:3000/product/42');
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent(/^Link copied$/);
    });
    expect(screen.queryByRole('textbox', { name: 'Product link' })).not.toBeInTheDocument();
  });

  it('when the clipboard is refused, selects the URL in a read-only field labelled Product link', async () => {
    setNavigator('clipboard', { writeText: vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError'))) });
    render(<ProductShare product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Product link' });
    expect(field).toHaveValue('http://localhost:3000/product/42');
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'http://localhost:3000/product/42'.length]);
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('when there is no clipboard at all, shows the field at once', () => {
    render(<ProductShare product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(screen.getByRole('textbox', { name: 'Product link' })).toHaveValue('http://localhost:3000/product/42');
  });
});
