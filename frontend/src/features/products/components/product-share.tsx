import { useId, useState } from 'react';

import { paths } from '@/config/paths';
import productTexts from '@/i18n/en/product.json';
import { hrefIn, useMessages } from '@/lib/i18n';
import { currentLanguage } from '@/lib/language';
import { formatRupees } from '@/lib/money';

import type { Product } from '../types';

/**
 * What the share sheet and WhatsApp get: the name, `{name} — Rs {price}` and the page's canonical URL, in the
 * page's language (an Urdu page shares its `/ur/` address).
 */
export function shareContent(product: Pick<Product, '_id' | 'name' | 'finalPrice'>, origin: string) {
  const url = new URL(hrefIn(currentLanguage(), paths.product.getHref(product._id)), origin).href;
  const text = `${product.name} — ${formatRupees(product.finalPrice)}`;
  return { title: product.name, text, url };
}

/** `https://wa.me/?text=` with the text and the URL on its own line. */
export function whatsAppHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;
}

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The refused clipboard's field: focused with the URL selected, ready for the phone's own copy. */
function selectOnMount(input: HTMLInputElement | null) {
  input?.focus();
  input?.select();
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Under the cart control (docs/seo.md 'Share button'): `Share`, the phone's share sheet, where the browser has
 * one; elsewhere (or when the sheet fails for a reason other than being closed) `Share on WhatsApp` and
 * `Copy link`, which says `Link copied` or, when the clipboard is refused, shows the URL selected in a
 * read-only field.
 */
export function ProductShare({ product }: { product: Pick<Product, '_id' | 'name' | 'finalPrice'> }) {
  const content = shareContent(product, window.location.origin);
  const t = useMessages(productTexts, 'product');
  const [sheet, setSheet] = useState(canShare);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'refused'>('idle');
  const fieldId = useId();

  const showField = () => {
    setCopy('refused');
  };

  const copyLink = () => {
    // Missing outside secure contexts (plain http other than localhost).
    const clipboard = (navigator as Partial<Navigator>).clipboard;
    if (typeof clipboard?.writeText !== 'function') {
      showField();
      return;
    }
    clipboard.writeText(content.url).then(
      () => {
        setCopy('copied');
      },
      showField,
    );
  };

  return (
    <div className="product-share">
      {sheet ? (
        <button
          type="button"
          className="button button--secondary product-share__button"
          onClick={() => {
            navigator.share(content).catch((error: unknown) => {
              // Closing the sheet is the shopper's choice, not a failure; anything else offers the links.
              if (!isAbort(error)) setSheet(false);
            });
          }}
        >
          {t.share()}
        </button>
      ) : (
        <>
          <a
            className="button button--secondary product-share__button"
            href={whatsAppHref(content.text, content.url)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t.shareOnWhatsApp()}
          </a>
          <button type="button" className="button button--secondary product-share__button" onClick={copyLink}>
            {t.copyLink()}
          </button>
          <p className="product-share__status" role="status">
            {copy === 'copied' ? t.linkCopied() : ''}
          </p>
          {copy === 'refused' && (
            <p className="product-share__field">
              <label htmlFor={fieldId}>{t.productLink()}</label>
              <input ref={selectOnMount} id={fieldId} type="url" value={content.url} readOnly />
            </p>
          )}
        </>
      )}
    </div>
  );
}
