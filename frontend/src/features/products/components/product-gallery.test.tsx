import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type { Product } from '../types';

import { ProductGallery } from './product-gallery';

type Media = Product['media'][number];

const picture = (name: string): Media => ({
  url: `/media/${name}.webp`,
  kind: 'image',
  width: 480,
  variants: [{ url: `/media/${name}-320.webp`, width: 320 }],
});

const media: Media[] = [picture('front'), picture('back'), { url: '/media/clip.mp4', kind: 'video', width: null, variants: [] }];

function setup(items: Media[] = media) {
  renderWithProviders(<ProductGallery media={items} productName="Armor Case" />);
  return userEvent.setup();
}

/** The picture or video on show, by its accessible name. */
function shown() {
  const stage = screen.getByRole('region', { name: 'Pictures of Armor Case' });
  const item = stage.querySelector('.gallery__media');
  return item?.getAttribute('alt') ?? item?.getAttribute('aria-label');
}

function swipe(fromX: number, toX: number, fromY = 100, toY = 100) {
  const stage = document.querySelector('.gallery__stage');
  if (!stage) throw new Error('no stage');
  fireEvent.touchStart(stage, { touches: [{ clientX: fromX, clientY: fromY }] });
  fireEvent.touchEnd(stage, { changedTouches: [{ clientX: toX, clientY: toY }] });
}

describe('ProductGallery', () => {
  it('shows the first picture eagerly with high priority, from srcset sized for the page', () => {
    setup();
    const image = screen.getByRole('img', { name: 'Armor Case, 1 of 3' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image.getAttribute('srcset')).toContain('/media/front-320.webp 320w');
    expect(image).toHaveAttribute('sizes', expect.stringContaining('100vw'));
  });

  it('steps with next and previous, wrapping around at both ends', async () => {
    const user = setup();
    const next = screen.getByRole('button', { name: 'Next image' });
    const previous = screen.getByRole('button', { name: 'Previous image' });

    await user.click(previous);
    expect(shown()).toBe('Armor Case, 3 of 3');
    await user.click(next);
    expect(shown()).toBe('Armor Case, 1 of 3');
    await user.click(next);
    expect(shown()).toBe('Armor Case, 2 of 3');
  });

  it('loads later pictures lazily and plays videos with controls', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img', { name: 'Armor Case, 2 of 3' })).toHaveAttribute('loading', 'lazy');

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    const video = document.querySelector('video');
    expect(video).toHaveAttribute('controls');
    expect(video?.getAttribute('src')).toMatch(/\/media\/clip\.mp4$/);
  });

  it('follows the arrow keys, wrapping around', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show image 1 of 3' }));

    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('Armor Case, 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('Armor Case, 1 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('Armor Case, 2 of 3');
  });

  it('changes the picture only for a sideways swipe of more than 50 px', () => {
    setup();
    swipe(200, 150);
    expect(shown()).toBe('Armor Case, 1 of 3');
    swipe(200, 149);
    expect(shown()).toBe('Armor Case, 2 of 3');
    swipe(100, 151);
    expect(shown()).toBe('Armor Case, 1 of 3');
    swipe(100, 151);
    expect(shown()).toBe('Armor Case, 3 of 3');
  });

  it('ignores a mostly vertical movement (a scroll)', () => {
    setup();
    swipe(200, 120, 100, 300);
    expect(shown()).toBe('Armor Case, 1 of 3');
  });

  it('has a 60×60 thumbnail per item that shows it and marks the current one', async () => {
    const user = setup();
    const thumbs = within(screen.getByRole('list'));
    const second = thumbs.getByRole('button', { name: 'Show image 2 of 3' });
    expect(thumbs.getByRole('button', { name: 'Show video 3 of 3' })).toBeInTheDocument();
    const thumbImage = second.querySelector('img');
    expect(thumbImage).toHaveAttribute('width', '60');
    expect(thumbImage).toHaveAttribute('height', '60');
    expect(thumbImage).toHaveAttribute('sizes', '60px');

    await user.click(second);

    expect(shown()).toBe('Armor Case, 2 of 3');
    expect(second).toHaveAttribute('aria-current', 'true');
  });

  it('shows one picture without buttons or thumbnails', () => {
    setup([picture('only')]);
    expect(screen.getByRole('img', { name: 'Armor Case' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
