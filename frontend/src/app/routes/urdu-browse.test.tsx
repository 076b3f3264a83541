// The browsing screens drawn in Urdu (docs/decisions/0048-urdu.md): the product page with its gallery, share
// links and reviews, the review forms, the category page, search and the 404s say what the Urdu catalogues
// say, in the exact words, and the gallery runs right to left.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CartStoreProvider } from '@/features/cart/hooks/use-cart';
import { createCartStore } from '@/features/cart/lib/cart-store';
import { resetCountedViews } from '@/features/categories/lib/view-count';
import { ProductGallery } from '@/features/products/components/product-gallery';
import { ItemReview } from '@/features/reviews/components/item-review';
import { ReviewList } from '@/features/reviews/components/review-list';
import { ReviewSummary } from '@/features/reviews/components/review-summary';
import { loadUrdu } from '@/lib/i18n';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeProduct, makeReview } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';
import { renderWithProviders } from '@/testing/render';

import AddReviewRoute from './add-review';
import CategoryRoute from './category';
import NotFoundRoute from './not-found';
import ProductRoute from './product';
import SearchRoute from './search';

// The compiled Urdu catalogues, as an Urdu page loads them before its first render.
await loadUrdu();

const notFound = () => jsonResponse({ message: 'No such resource.' }, 404);

function renderProduct(product: Parameters<typeof makeProduct>[0] | (() => Response | Promise<Response>), reviews = () => jsonResponse([])) {
  mockFetch((url) => {
    if (url.pathname === '/api/reviews/approved/6') return reviews();
    if (url.pathname === '/api/products/6') return typeof product === 'function' ? product() : jsonResponse(makeProduct({ _id: '6', ...product }));
    return notFound();
  });
  const store = createCartStore(new MemoryStorage(), new EventTarget());
  renderWithProviders(
    <CartStoreProvider value={store}>
      <ProductRoute />
    </CartStoreProvider>,
    { route: '/product/6', path: '/product/:id', language: 'ur' },
  );
  return userEvent.setup();
}

const armor = {
  name: 'Galaxy S24 Armor Case',
  price: 3499,
  salePrice: 2999,
  finalPrice: 2999,
  discount: 14,
  color: 'Black',
  description: 'Dual-layer protection.',
  freeDelivery: true,
  stock: 18,
  quantity: 18,
  rating: 4.5,
  reviewCount: 3,
};

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the product page in Urdu', () => {
  it('says it is loading in Urdu', () => {
    renderProduct(() => new Promise<Response>(() => undefined));
    expect(screen.getByRole('status')).toHaveTextContent(/^پروڈکٹ لوڈ ہو رہی ہے\.\.\.$/);
  });

  it('draws badges, colour, stock, the buy button, the description heading and the review count in Urdu', async () => {
    const user = renderProduct(armor);
    const page = within(await screen.findByRole('article', { name: armor.name }));
    expect(page.getByText('مفت ڈیلیوری')).toBeInTheDocument();
    expect(page.getByText('14% رعایت')).toBeInTheDocument();
    expect(page.getByText('رنگ: Black')).toBeInTheDocument();
    expect(page.getByText('اسٹاک میں موجود')).toBeInTheDocument();
    expect(page.getByRole('heading', { level: 2, name: 'تفصیل' })).toBeInTheDocument();
    expect(page.getByRole('link', { name: '(3 آراء)' })).toHaveAttribute('href', '#reviews');
    expect(page.getByRole('img', { name: '5 میں سے 4.5 درجہ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'خریداروں کی آراء' })).toBeInTheDocument();
    expect(await screen.findByText('اس پروڈکٹ پر ابھی کوئی رائے نہیں۔')).toBeInTheDocument();

    await user.click(page.getByRole('button', { name: 'ٹوکری میں ڈالیں' }));
    expect(page.getByRole('link', { name: 'ابھی خریدیں' })).toHaveAttribute('href', '/ur/cart');
    expect(page.getByRole('button', { name: 'ایک کم کریں' })).toBeInTheDocument();
  });

  it.each([
    [2, 'صرف 2 باقی!'],
    [0, 'اسٹاک ختم'],
  ])('with %i in stock says %s', async (stock, text) => {
    renderProduct({ ...armor, stock, quantity: stock });
    const page = within(await screen.findByRole('article', { name: armor.name }));
    expect(page.getByText(text)).toBeInTheDocument();
  });

  it("says when the shopper's cart holds every unit left, and why the stepper stops", async () => {
    const user = renderProduct({ ...armor, stock: 1, quantity: 1 });
    const page = within(await screen.findByRole('article', { name: armor.name }));
    await user.click(page.getByRole('button', { name: 'ٹوکری میں ڈالیں' }));
    expect(page.getByText('باقی تمام 1 آپ کی ٹوکری میں ہیں')).toBeInTheDocument();
    expect(page.getByText('اسٹاک میں صرف 1 ہیں')).toBeInTheDocument();
  });

  it('offers WhatsApp and Copy link in Urdu, sharing the Urdu page’s address', async () => {
    renderProduct(armor);
    const page = within(await screen.findByRole('article', { name: armor.name }));
    const whatsApp = page.getByRole('link', { name: 'واٹس ایپ پر بھیجیں' });
    expect(decodeURIComponent(whatsApp.getAttribute('href') ?? '')).toMatch(/\nhttp:\/\/localhost:3000\/ur\/product\/6$/);
    expect(page.getByRole('button', { name: 'لنک کاپی کریں' })).toBeInTheDocument();
    const writeText = vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
    fireEvent.click(page.getByRole('button', { name: 'لنک کاپی کریں' }));
    expect(writeText).toHaveBeenCalledExactlyOnceWith('http://localhost:3000/ur/product/6');
    expect(await page.findByRole('textbox', { name: 'پروڈکٹ کا لنک' })).toHaveValue('http://localhost:3000/ur/product/6');
  });

  it("names the share sheet's button in Urdu where the phone has one", async () => {
    Object.defineProperty(navigator, 'share', { value: vi.fn(() => Promise.resolve()), configurable: true, writable: true });
    renderProduct(armor);
    const page = within(await screen.findByRole('article', { name: armor.name }));
    expect(page.getByRole('button', { name: 'شیئر کریں' })).toBeInTheDocument();
  });

  it('says a missing product is not found, in Urdu', async () => {
    renderProduct(() => notFound());
    expect(await screen.findByRole('heading', { level: 1, name: 'پروڈکٹ نہیں ملی' })).toBeInTheDocument();
    expect(screen.getByText('یہ پروڈکٹ موجود نہیں یا اب فروخت نہیں ہوتی۔')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'دکان پر واپس جائیں' })).toBeInTheDocument();
  });

  it('offers a retry in Urdu when the product could not be loaded', async () => {
    renderProduct(() => jsonResponse({ message: 'Down.' }, 503));
    expect(await screen.findByRole('button', { name: 'دوبارہ کوشش کریں' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^یہ پروڈکٹ لوڈ نہیں ہو سکی۔ اپنا انٹرنیٹ دیکھ کر دوبارہ کوشش کریں۔$/);
  });
});

describe('the gallery in Urdu, right to left', () => {
  const picture = (name: string) => ({ url: `/media/${name}.webp`, kind: 'image' as const, width: 480, variants: [] });
  const media = [picture('front'), picture('back'), picture('side')];

  function setup() {
    renderWithProviders(<ProductGallery media={media} productName="Armor Case" />, { language: 'ur' });
    return screen.getByRole('region', { name: 'Armor Case کی تصاویر' });
  }

  const shown = (gallery: HTMLElement) => gallery.querySelector('.gallery__media')?.getAttribute('alt');

  it('names its buttons in Urdu', () => {
    const gallery = setup();
    expect(within(gallery).getByRole('button', { name: 'اگلی تصویر' })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'پچھلی تصویر' })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: '3 میں سے تصویر 2 دکھائیں' })).toBeInTheDocument();
    expect(shown(gallery)).toBe('Armor Case، 3 میں سے 1');
  });

  it('shows the next picture for the left arrow key and a rightward swipe, the previous for the right', () => {
    const gallery = setup();
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
    expect(shown(gallery)).toBe('Armor Case، 3 میں سے 2');
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(shown(gallery)).toBe('Armor Case، 3 میں سے 1');

    const stage = gallery.querySelector('.gallery__stage');
    if (!stage) throw new Error('the gallery has no stage');
    fireEvent.touchStart(stage, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 180, clientY: 100 }] });
    expect(shown(gallery)).toBe('Armor Case، 3 میں سے 2');
    fireEvent.touchStart(stage, { touches: [{ clientX: 180, clientY: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 100, clientY: 100 }] });
    expect(shown(gallery)).toBe('Armor Case، 3 میں سے 1');
  });
});

describe('reviews in Urdu', () => {
  it('heads the reviews, sums up the rating and dates each review in Urdu', () => {
    const now = new Date('2025-06-15T12:00:00Z');
    renderWithProviders(
      <ReviewList
        reviews={[makeReview({ reviewerName: 'Ayesha', rating: 4, images: ['/media/r1.jpg', '/media/r2.jpg'], imageVariants: [[], []] })]}
        now={now}
        summary={<ReviewSummary average={4} count={1} spread={{ 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 }} />}
      />,
      { language: 'ur' },
    );
    const section = within(screen.getByRole('region', { name: 'خریداروں کی آراء' }));
    expect(section.getByText('1 رائے')).toBeInTheDocument();
    expect(section.getByText('5 میں سے')).toBeInTheDocument();
    expect(section.getByRole('list', { name: 'ستاروں کے لحاظ سے درجہ بندی' })).toHaveTextContent('1 ستارہ: 0');
    expect(section.getByText('4 ستارے: 1')).toBeInTheDocument();
    expect(section.getByText(new Intl.RelativeTimeFormat('ur-PK').format(-3, 'day'))).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Ayesha کی رائے کی تصویر 2 (2 میں سے) کھولیں' })).toBeInTheDocument();

    fireEvent.click(section.getByRole('button', { name: 'Ayesha کی رائے کی تصویر 1 (2 میں سے) کھولیں' }));
    const lightbox = within(screen.getByRole('dialog', { name: 'Ayesha کی رائے کی تصاویر' }));
    expect(lightbox.getByRole('img', { name: 'رائے کی تصویر، 2 میں سے 1' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(lightbox.getByRole('img', { name: 'رائے کی تصویر، 2 میں سے 2' })).toBeInTheDocument();
    expect(lightbox.getByRole('button', { name: 'بند کریں' })).toBeInTheDocument();
    expect(lightbox.getByRole('button', { name: 'اگلی تصویر' })).toBeInTheDocument();
  });

  it("offers 'Write Review' on a delivered item in Urdu", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ItemReview productId="12" orderId="3" productName="Armor Case" reviewed={false} />, { language: 'ur' });
    await user.click(screen.getByRole('button', { name: 'Armor Case پر رائے لکھیں' }));
    expect(screen.getByRole('button', { name: 'Armor Case پر رائے منسوخ کریں' })).toHaveTextContent(/^منسوخ کریں$/);
    expect(screen.getByRole('form', { name: 'Armor Case پر رائے' })).toBeInTheDocument();
    expect(screen.getByLabelText('تبصرہ')).toBeInTheDocument();
  });

  it("labels the e-mailed link's form in Urdu and thanks the shopper in Urdu", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    mockFetch((url) => {
      if (url.pathname === '/api/review-tokens/verify') return jsonResponse({ productName: 'Armor Case', productId: '12', userId: '7' });
      if (url.pathname === '/api/review-tokens/submit') return jsonResponse({ success: true, message: 'ok', review: makeReview({ status: 'pending' }) }, 201);
      return notFound();
    });
    renderWithProviders(<AddReviewRoute />, { route: '/add-review?token=abc', path: '/add-review', language: 'ur' });
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1, name: 'رائے لکھیں' })).toBeInTheDocument();
    const form = within(await screen.findByRole('form', { name: 'Armor Case پر رائے' }));
    expect(screen.getByText('پروڈکٹ:')).toBeInTheDocument();
    expect(form.getByRole('group', { name: 'درجہ' })).toBeInTheDocument();
    expect(form.getByLabelText('تبصرہ (اختیاری)')).toBeInTheDocument();
    expect(form.getByText('زیادہ سے زیادہ 5 تصاویر (JPG، PNG، WebP یا GIF)، ہر ایک 5 MB تک: 0 چنی گئیں۔')).toBeInTheDocument();
    await user.type(form.getByLabelText('آپ کا نام'), 'Ayesha');
    await user.click(form.getByRole('radio', { name: '4 ستارے' }));
    await user.click(form.getByRole('button', { name: 'رائے بھیجیں' }));

    expect(await screen.findByText('آپ کی رائے کا شکریہ!')).toBeInTheDocument();
    expect(screen.getByText('منظوری کے بعد آپ کی رائے پروڈکٹ کے صفحے پر نظر آئے گی۔')).toBeInTheDocument();
  });
});

describe('the category page in Urdu', () => {
  const category = { _id: '1', name: 'Phone Cases', parent: null, fullPath: 'Phone Cases', views: 4 };

  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => {
    resetCountedViews();
    vi.unstubAllGlobals();
  });

  function setup(page: () => Response | Promise<Response>) {
    mockFetch((url) => {
      if (url.pathname === '/api/categories/with-products/1') return page();
      if (url.pathname === '/api/categories/increment-view/1') return jsonResponse({ views: 5 });
      return notFound();
    });
    renderWithProviders(<CategoryRoute />, { route: '/category/1', path: '/category/:id', language: 'ur' });
    return userEvent.setup();
  }

  it('says it is loading in Urdu', () => {
    setup(() => new Promise<Response>(() => undefined));
    expect(screen.getByRole('status')).toHaveTextContent(/^قسم لوڈ ہو رہی ہے\.\.\.$/);
  });

  it('heads its sections, sorts and says an empty section is empty, in Urdu', async () => {
    const user = setup(() =>
      jsonResponse({
        category,
        parentProducts: [makeProduct({ name: 'Universal Pouch' })],
        children: [{ _id: '2', name: 'iPhone Cases', products: [] }],
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Phone Cases کی مصنوعات' })).toBeInTheDocument();
    expect(within(await screen.findByRole('region', { name: 'iPhone Cases' })).getByText('کوئی پروڈکٹ نہیں ملی۔')).toBeInTheDocument();
    const sort = screen.getByRole('button', { name: 'ترتیب: قیمت: کم سے زیادہ' });
    await user.click(sort);
    const menu = within(screen.getByRole('menu', { name: 'قیمت کے لحاظ سے ترتیب' }));
    await user.click(menu.getByRole('menuitemradio', { name: 'قیمت: زیادہ سے کم' }));
    expect(screen.getByRole('button', { name: 'ترتیب: قیمت: زیادہ سے کم' })).toBeInTheDocument();
  });

  it('says a category without products has none, in Urdu', async () => {
    setup(() => jsonResponse({ category, parentProducts: [], children: [] }));
    expect(await screen.findByText('اس قسم میں کوئی پروڈکٹ نہیں ملی۔')).toBeInTheDocument();
  });

  it('says a missing category is not found, and a failure is one, in Urdu', async () => {
    setup(() => notFound());
    expect(await screen.findByRole('heading', { level: 1, name: 'یہ قسم نہیں ملی' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^یہ قسم موجود نہیں یا ہٹا دی گئی ہے۔$/);
  });

  it('says the category failed to load, in Urdu', async () => {
    setup(() => jsonResponse({ message: 'Down.' }, 503));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^قسم لوڈ نہیں ہو سکی$/);
    expect(screen.getByRole('button', { name: 'دوبارہ کوشش کریں' })).toBeInTheDocument();
  });
});

describe('search in Urdu', () => {
  function setup(q: string, answer: (path: string) => Response | undefined) {
    mockFetch((url) => answer(url.pathname) ?? notFound());
    renderWithProviders(<SearchRoute />, { route: `/search?q=${encodeURIComponent(q)}`, path: '/search', language: 'ur' });
  }

  it('heads the results with the term in Urdu', async () => {
    setup('charger', (path) => (path === '/api/products/search' ? jsonResponse([makeProduct({ name: 'Anker Charger' })]) : undefined));
    expect(screen.getByRole('heading', { level: 1, name: '"charger" کی تلاش کے نتائج' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Anker Charger' })).toBeInTheDocument();
  });

  it("says nothing was found and asks 'Did you mean' in Urdu, linking the Urdu search", async () => {
    setup('earphnes', (path) =>
      path === '/api/products/search' ? jsonResponse([]) : path === '/api/products/search-correction' ? jsonResponse({ correction: 'earphones' }) : undefined,
    );
    const correction = await screen.findByText((_, element) => element?.classList.contains('search-correction') ?? false);
    expect(correction).toHaveTextContent(/^کیا آپ کا مطلب "earphones" تھا؟$/);
    expect(within(correction).getByRole('link', { name: 'earphones' })).toHaveAttribute('href', '/ur/search?q=earphones');
    expect(screen.getByText('کوئی پروڈکٹ نہیں ملی۔')).toBeInTheDocument();
  });

  it('offers categories and featured products under Urdu headings when there is no correction', async () => {
    setup('zzqxv', (path) => {
      if (path === '/api/products/search') return jsonResponse([]);
      if (path === '/api/products/search-correction') return jsonResponse({ correction: null });
      if (path === '/api/categories') return jsonResponse([{ _id: '1', name: 'Chargers', parent: null, fullPath: 'Chargers', views: 0 }]);
      if (path === '/api/products/featured') return jsonResponse([makeProduct({ name: 'Wireless Earbuds Pro' })]);
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'اقسام دیکھیں' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'نمایاں لوازمات' })).toBeInTheDocument();
  });

  it('says the search went wrong, in Urdu', async () => {
    setup('cable', (path) => (path === '/api/products/search' ? jsonResponse({ message: 'Down.' }, 503) : undefined));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^تلاش کے دوران کچھ گڑبڑ ہو گئی۔$/);
  });
});

describe('the 404 page in Urdu', () => {
  it('says the page is not found and leads back to the Urdu shop', () => {
    renderWithProviders(<NotFoundRoute />, { route: '/nowhere', language: 'ur' });
    expect(screen.getByRole('heading', { level: 1, name: 'صفحہ نہیں ملا' })).toBeInTheDocument();
    expect(screen.getByText('آپ جو صفحہ ڈھونڈ رہے ہیں وہ موجود نہیں یا کہیں اور منتقل ہو گیا ہے۔')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'دکان پر واپس جائیں' }).getAttribute('href')).toMatch(/^\/ur\/?$/);
  });
});
