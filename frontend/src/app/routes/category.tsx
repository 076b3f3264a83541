import { useDeferredValue, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'react-router';

import type { PagePrime } from '@/app/page-loading';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { useCountCategoryView } from '@/features/categories/api/count-category-view';
import { primeMissingCategory, useCategoryPage } from '@/features/categories/api/get-category-with-products';
import { PriceSortMenu } from '@/features/products/components/price-sort-menu';
import { ProductGrid } from '@/features/products/components/product-grid';
import { sortByPrice, type PriceOrder } from '@/features/products/lib/sort-products';
import type { Product } from '@/features/products/types';
import categoryTexts from '@/i18n/en/category.json';
import productTexts from '@/i18n/en/products.json';
import { localText, useMessages } from '@/lib/i18n';
import { pageAnsweredNotFound } from '@/lib/page-data';

import { cartActions } from './shared/cart-actions';

/** A visit that starts here after the server answered 404: the category is known to be missing (docs/seo.md). */
export const prime: PagePrime = async ({ queryClient, params }) => {
  if (params.id && pageAnsweredNotFound()) await primeMissingCategory(queryClient, params.id);
};

/** Cards a section draws at first, and how many more each 'Show more products' adds (docs/seo.md). */
const SECTION_PAGE = 12;

/** Cards whose pictures load at once, with high priority: the first row of the first grid on a phone. */
const EAGER_IMAGES = 2;

/**
 * /category/{id}: the category's own products under 'Products in {name}', then a section per child, every
 * grid sorted by price on its own (low to high first; not kept). Each grid draws its first 12 cards and
 * 'Show more products' adds 12 at a time from the answer already loaded, so a big category keeps a small
 * page. Counts the view once per browser.
 */
export default function CategoryRoute() {
  const { id = '' } = useParams();
  const page = useCategoryPage(id);
  const t = useMessages(categoryTexts, 'category');
  // The order is not kept: another category starts from low to high again.
  const [sort, setSort] = useState<{ categoryId: string; order: PriceOrder }>({ categoryId: id, order: 'low-to-high' });
  const order = sort.categoryId === id ? sort.order : 'low-to-high';
  const setOrder = (next: PriceOrder) => {
    setSort({ categoryId: id, order: next });
  };
  useCountCategoryView(id, page.isSuccess);
  // The sections below the first grid are drawn in a second, interruptible render: the page's first paint
  // (the top grid) is not held up by cards below the fold, and no single task blocks the phone for long.
  const sectionCount = page.data ? Number(page.data.parentProducts.length > 0) + page.data.children.length : 0;
  const deferredSections = useDeferredValue(sectionCount, 0);

  if (page.isPending) {
    return (
      <section className="page" aria-labelledby="page-title">
        <title>{t.category()}</title>
        <h1 id="page-title" className="visually-hidden">
          {t.category()}
        </h1>
        <p className="status-text" role="status">
          {t.loading()}
        </p>
      </section>
    );
  }

  if (page.isError) {
    return (
      <section className="page not-found" aria-labelledby="page-title">
        <title>{page.notFound ? t.notFound() : t.category()}</title>
        <h1 id="page-title" className={page.notFound ? undefined : 'visually-hidden'}>
          {page.notFound ? t.notFound() : t.category()}
        </h1>
        {/* One message: a category that is not there is no failure to load (docs/decisions/0034). */}
        {page.notFound ? (
          <>
            <p role="alert">{t.notFoundText()}</p>
            <p>
              <Link to={paths.home.getHref()} className="button">
                {t.backToShop()}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="status-text" role="alert">
              {t.failed()}
            </p>
            <p>
              <button
              type="button"
              className="button"
              onClick={() => {
                void page.refetch();
              }}
            >
                {t.tryAgain()}
              </button>
            </p>
          </>
        )}
      </section>
    );
  }

  const { category, parentProducts, children } = page.data;
  const empty = parentProducts.length === 0 && children.every((child) => child.products.length === 0);
  // On an Urdu page, the owner's Urdu names where there are any.
  const name = localText(category.name, category.nameUr);
  // The first grid with cards is at the top of the page: its first row is the largest paint.
  const sections = [
    ...(parentProducts.length > 0 ? [{ _id: category._id, name: t.productsIn({ name }), products: parentProducts }] : []),
    ...children.map((child) => ({ ...child, name: localText(child.name, child.nameUr) })),
  ];
  const firstGrid = sections.findIndex((section) => section.products.length > 0);
  const drawn = sections.slice(0, Math.max(firstGrid + 1, deferredSections));

  return (
    <section className="page category-page" aria-labelledby="page-title">
      <title>{name}</title>
      <div className="category-page__header">
        <h1 id="page-title">{name}</h1>
        {!empty && <PriceSortMenu value={order} onChange={setOrder} />}
      </div>
      {empty ? (
        <p className="status-text">{t.empty()}</p>
      ) : (
        drawn.map((section, index) => (
          <ProductSection
            key={section._id}
            id={`category-${section._id}`}
            title={section.name}
            products={section.products}
            order={order}
            eagerImages={index === firstGrid ? EAGER_IMAGES : 0}
          />
        ))
      )}
    </section>
  );
}

interface ProductSectionProps {
  id: string;
  title: string;
  products: readonly Product[];
  order: PriceOrder;
  eagerImages: number;
}

function ProductSection({ id, title, products, order, eagerImages }: ProductSectionProps) {
  const headingId = `${id}-title`;
  const t = useMessages(categoryTexts, 'category');
  const cards = useMessages(productTexts, 'products');
  const [shown, setShown] = useState(SECTION_PAGE);
  const visible = sortByPrice(products, order).slice(0, shown);
  return (
    <section id={id} className="product-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {products.length === 0 ? (
        <p className="status-text">{t.noProducts()}</p>
      ) : (
        <>
          <ProductGrid products={visible} renderActions={cartActions} eagerImages={eagerImages} />
          {products.length > SECTION_PAGE && (
            <LoadMore
              pages={{
                hasNextPage: shown < products.length,
                isFetchingNextPage: false,
                isFetchNextPageError: false,
                fetchNextPage: () => {
                  flushSync(() => {
                    setShown(shown + SECTION_PAGE);
                  });
                  // The last batch takes the button away: focus moves to the first card it revealed.
                  if (shown + SECTION_PAGE >= products.length) {
                    document.querySelector<HTMLElement>(`#${id} .product-grid > li:nth-child(${shown + 1}) a`)?.focus();
                  }
                },
              }}
              label={t.showMore()}
              failed={cards.moreFailed()}
              shown={cards.shown({ count: visible.length })}
            />
          )}
        </>
      )}
    </section>
  );
}
