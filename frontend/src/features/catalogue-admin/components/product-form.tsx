import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';

import type { CategoryResponse, MediaResponse, ProductFormBody, ProductResponse } from '@/api/generated';
import { MAX_PICTURE_MEGAPIXELS } from '@/api/rules/admin.gen';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';
import { Link } from 'react-router';

import { adminAreaPaths } from '@/config/admin-area-paths';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/media-url';
import type { ServerReply } from '@/lib/server-reply';

import { catalogueMessages } from '../lib/messages';
import {
  hasRequiredProductFields,
  isImageFile,
  missingProductFields,
  requiredFieldLabels,
  type RequiredField,
  isImageOrVideoFile,
  moveItem,
  productFields,
  toProductFormBody,
  updatePriceFields,
  type PriceFields,
} from '../lib/product-form';

interface NewFile {
  file: File;
  preview: string;
}

interface ProductFormProps {
  categories: CategoryResponse[];
  /** The product being edited; absent on the add form. */
  product?: ProductResponse;
  submitLabel: string;
  successMessage: string;
  /** Sends the form; on the edit form the body also names the current media to keep. */
  onSave: (body: ProductFormBody, onProgress: (fraction: number) => void) => Promise<ServerReply<{ product: ProductResponse }>>;
}

function priceFieldsOf(product: ProductResponse | undefined): PriceFields {
  if (product === undefined) return { price: '', salePrice: '', discountPercent: '' };
  return {
    price: String(product.price),
    salePrice: product.salePrice == null || product.salePrice <= 0 ? '' : String(product.salePrice),
    discountPercent: product.discountPercent > 0 ? String(product.discountPercent) : '',
  };
}

/** The largest product picture the server takes (docs/contract.md §6: 10 MB); a shrunk picture is far below it. */
const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;

function isVideo(media: MediaResponse | File): boolean {
  return media instanceof File ? media.type.startsWith('video/') : media.kind === 'video';
}

/**
 * The add and edit product form (docs/spec.md §5 'Add/edit product'). Sale price and discount recompute each other
 * as they are typed. On add the files are pictures only; on edit the current media can be removed and
 * reordered, and pictures or MP4/WebM videos added after them.
 */
export function ProductForm({ categories, product, submitLabel, successMessage, onSave }: ProductFormProps) {
  const editing = product !== undefined;
  const toOutcome = useReplyOutcome();
  const [prices, setPrices] = useState<PriceFields>(() => priceFieldsOf(product));
  const [existing, setExisting] = useState<MediaResponse[]>(product?.media ?? []);
  const [files, setFiles] = useState<NewFile[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState(0);
  const [missing, setMissing] = useState<readonly RequiredField[]>([]);
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);
  const filesRef = useRef(files);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  useEffect(() => {
    filesRef.current = files;
  }, [files]);
  // The previews' object URLs are released when the form goes away.
  useEffect(
    () => () => {
      for (const item of filesRef.current) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  function changePrice(name: keyof PriceFields) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      setPrices((current) => updatePriceFields(current, name, event.target.value));
    };
  }

  // Pictures are shrunk first (longest side 2,048 px, JPEG); videos go as they are.
  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const allowed = editing ? isImageOrVideoFile : isImageFile;
    if (picked.some((file) => !allowed(file))) {
      setOutcome({
        tone: 'error',
        message: `❌ ${editing ? catalogueMessages.productMediaTypes : catalogueMessages.productImagesOnly}`,
      });
    }
    setPreparing(true);
    const shrunk = await import('@/lib/shrink-image')
      .then(({ shrinkImage }) =>
        Promise.all(picked.filter(allowed).map((file) => (isVideo(file) ? Promise.resolve(file) : shrinkImage(file, MAX_PRODUCT_IMAGE_BYTES)))),
      )
      .finally(() => {
        setPreparing(false);
      });
    const added = shrunk.map((file) => ({ file, preview: URL.createObjectURL(file) }));
    setFiles((current) => [...current, ...added]);
  }

  function removeFile(index: number) {
    setFiles((current) => {
      const gone = current[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((_, at) => at !== index);
    });
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = productFields.parse({ ...Object.fromEntries(new FormData(form)), ...prices });
    const empty = missingProductFields(fields);
    setMissing(empty);
    setSaved(null);
    if (!hasRequiredProductFields(fields)) {
      setOutcome({ tone: 'error', message: `❌ ${catalogueMessages.productRequiredFields}` });
      // The first field left empty, in the form's order, takes the focus.
      const first = empty[0] === undefined ? null : form.elements.namedItem(empty[0]);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    if (pending || preparing) return;
    setOutcome(null);
    setPending(true);
    setProgress(0);
    const body = toProductFormBody(
      fields,
      files.map((item) => item.file),
      editing ? existing.map((media) => media.url) : undefined,
    );
    const reply = await onSave(body, setProgress).finally(() => {
      setPending(false);
    });
    setOutcome(toOutcome(reply, successMessage));
    if (reply.kind !== 'done') return;
    for (const item of files) URL.revokeObjectURL(item.preview);
    setFiles([]);
    if (editing) {
      setExisting(reply.data.product.media);
      setPrices(priceFieldsOf(reply.data.product));
    } else {
      form.reset();
      setPrices(priceFieldsOf(undefined));
      setSaved({ id: reply.data.product._id, name: reply.data.product.name });
    }
  }

  return (
    <form
      className="form-card"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label={editing ? 'Edit product' : 'Add product'}
    >
      <div className="form-field">
        <label htmlFor={fieldId('name')}>Name</label>
        <input
          id={fieldId('name')}
          name="name"
          type="text"
          required
          defaultValue={product?.name}
          autoComplete="off"
          aria-invalid={missing.includes('name') || undefined}
          aria-describedby={missing.includes('name') ? fieldId('name-missing') : undefined}
        />
        <Missing field="name" missing={missing} id={fieldId('name-missing')} />
      </div>
      <div className="form-field">
        <label htmlFor={fieldId('category')}>Category</label>
        <select
          id={fieldId('category')}
          name="category"
          required
          defaultValue={product?.category._id ?? ''}
          aria-invalid={missing.includes('category') || undefined}
          aria-describedby={missing.includes('category') ? fieldId('category-missing') : undefined}
        >
          <option value="" disabled>
            Choose a category
          </option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.fullPath}
            </option>
          ))}
        </select>
        <Missing field="category" missing={missing} id={fieldId('category-missing')} />
      </div>
      <div className="admin-field-group">
        <div className="form-field">
          <label htmlFor={fieldId('price')}>Price (Rs)</label>
          <input
            id={fieldId('price')}
            name="price"
            type="number"
            inputMode="numeric"
            min={1}
            step="any"
            required
            value={prices.price}
            onChange={changePrice('price')}
            aria-invalid={missing.includes('price') || undefined}
            aria-describedby={missing.includes('price') ? fieldId('price-missing') : undefined}
          />
          <Missing field="price" missing={missing} id={fieldId('price-missing')} />
        </div>
        <div className="form-field">
          <label htmlFor={fieldId('salePrice')}>Sale price (Rs)</label>
          <input
            id={fieldId('salePrice')}
            name="salePrice"
            type="number"
            inputMode="numeric"
            min={0}
            step="any"
            value={prices.salePrice}
            onChange={changePrice('salePrice')}
            aria-describedby={fieldId('priceHint')}
          />
        </div>
        <div className="form-field">
          <label htmlFor={fieldId('discountPercent')}>Discount (%)</label>
          <input
            id={fieldId('discountPercent')}
            name="discountPercent"
            type="number"
            inputMode="numeric"
            min={0}
            max={90}
            step={1}
            value={prices.discountPercent}
            onChange={changePrice('discountPercent')}
            aria-describedby={fieldId('priceHint')}
          />
        </div>
      </div>
      <p id={fieldId('priceHint')} className="form-field__hint">
        Enter a sale price or a discount (up to 90%); the other is worked out for you.
      </p>
      <div className="admin-field-group">
        <div className="form-field">
          <label htmlFor={fieldId('quantity')}>Quantity in stock</label>
          <input
            id={fieldId('quantity')}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            defaultValue={product?.quantity}
            aria-invalid={missing.includes('quantity') || undefined}
            aria-describedby={missing.includes('quantity') ? fieldId('quantity-missing') : undefined}
          />
          <Missing field="quantity" missing={missing} id={fieldId('quantity-missing')} />
        </div>
        <div className="form-field">
          <label htmlFor={fieldId('color')}>Colour (optional)</label>
          <input id={fieldId('color')} name="color" type="text" defaultValue={product?.color ?? ''} autoComplete="off" />
        </div>
      </div>
      <div className="form-field">
        <label htmlFor={fieldId('description')}>Description</label>
        <textarea
          id={fieldId('description')}
          name="description"
          rows={5}
          required
          defaultValue={product?.description}
          aria-invalid={missing.includes('description') || undefined}
          aria-describedby={missing.includes('description') ? fieldId('description-missing') : undefined}
        />
        <Missing field="description" missing={missing} id={fieldId('description-missing')} />
      </div>
      {/* Shown on the Urdu pages in place of the English texts; left empty, the English ones show there. */}
      <div className="form-field">
        <label htmlFor={fieldId('nameUr')}>Urdu name (optional)</label>
        <input id={fieldId('nameUr')} name="nameUr" type="text" lang="ur" dir="rtl" defaultValue={product?.nameUr ?? ''} autoComplete="off" />
      </div>
      <div className="form-field">
        <label htmlFor={fieldId('descriptionUr')}>Urdu description (optional)</label>
        <textarea id={fieldId('descriptionUr')} name="descriptionUr" rows={5} lang="ur" dir="rtl" defaultValue={product?.descriptionUr ?? ''} />
      </div>
      <div className="admin-checks">
        <label className="admin-check">
          <input name="featured" type="checkbox" value="true" defaultChecked={product?.featured} /> Featured on the home page
        </label>
        <label className="admin-check">
          <input name="freeDelivery" type="checkbox" value="true" defaultChecked={product?.freeDelivery} /> Free delivery
        </label>
      </div>
      {editing && (
        <fieldset className="admin-fieldset">
          <legend>Current pictures and videos</legend>
          {existing.length === 0 ? (
            <p className="form-field__hint">None.</p>
          ) : (
            <ol className="admin-media">
              {existing.map((media, index) => (
                <li key={media.url} className="admin-media__item">
                  <MediaPreview src={mediaUrl(media.url)} video={isVideo(media)} label={`Item ${index + 1}`} />
                  <div className="admin-media__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Move item ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => {
                        setExisting((current) => moveItem(current, index, -1));
                      }}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Move item ${index + 1} down`}
                      disabled={index === existing.length - 1}
                      onClick={() => {
                        setExisting((current) => moveItem(current, index, 1));
                      }}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button button--secondary admin-button--danger"
                      aria-label={`Remove item ${index + 1}`}
                      onClick={() => {
                        setExisting((current) => current.filter((_, at) => at !== index));
                      }}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </fieldset>
      )}
      <div className="form-field">
        <label htmlFor={fieldId('media')}>{editing ? 'Add pictures or videos' : 'Pictures'}</label>
        <input
          id={fieldId('media')}
          type="file"
          multiple
          accept={editing ? 'image/*,video/mp4,video/webm' : 'image/*'}
          onChange={(event) => void handleFiles(event)}
          aria-describedby={fieldId('mediaHint')}
        />
        <p id={fieldId('mediaHint')} className="form-field__hint">
          {editing
            ? `Pictures (10 MB and ${MAX_PICTURE_MEGAPIXELS} megapixels each) or MP4/WebM videos (100 MB each); added after the current ones.`
            : `Pictures only, 10 MB and ${MAX_PICTURE_MEGAPIXELS} megapixels each; the first is the one shown on the product card.`}
        </p>
      </div>
      {files.length > 0 && (
        <ul className="admin-media" aria-label="New files">
          {files.map((item, index) => (
            <li key={item.preview} className="admin-media__item">
              <MediaPreview src={item.preview} video={isVideo(item.file)} label={item.file.name} />
              <div className="admin-media__actions">
                <button
                  type="button"
                  className="button button--secondary admin-button--danger"
                  aria-label={`Remove ${item.file.name}`}
                  onClick={() => {
                    removeFile(index);
                  }}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {preparing && (
        <p className="form-field__hint" role="status">
          Preparing pictures…
        </p>
      )}
      {pending && files.length > 0 && (
        <div className="form-field">
          <label htmlFor={fieldId('progress')}>Uploading: {Math.round(progress * 100)}%</label>
          <progress id={fieldId('progress')} max={1} value={progress} />
        </div>
      )}
      <OutcomeMessage outcome={outcome} />
      {saved && (
        <p className="admin-product-saved">
          <Link to={paths.product.getHref(saved.id)}>View {saved.name} in the shop</Link>
          {' · '}
          <Link to={adminAreaPaths.editProduct.getHref(saved.id)}>Edit {saved.name}</Link>
        </p>
      )}
      <button type="submit" className="button admin-form__submit" disabled={pending || preparing} aria-busy={pending}>
        {submitLabel}
      </button>
    </form>
  );
}

/** 'Name is required.' under a required field left empty, named by the field's `aria-describedby`. */
function Missing({ field, missing, id }: { field: RequiredField; missing: readonly RequiredField[]; id: string }) {
  if (!missing.includes(field)) return null;
  return (
    <p id={id} className="form-field__error">
      {requiredFieldLabels[field]} is required.
    </p>
  );
}

function MediaPreview({ src, video, label }: { src: string; video: boolean; label: string }) {
  return video ? (
    <video className="admin-media__preview" src={src} muted playsInline preload="metadata" aria-label={label} />
  ) : (
    <img className="admin-media__preview" src={src} alt={label} loading="lazy" />
  );
}
