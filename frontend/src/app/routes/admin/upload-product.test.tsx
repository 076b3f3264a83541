import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CategoryResponse, ProductResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import UploadProductRoute from './upload-product';

// Issue 28, Add Product: two 4.9 MB phone photos took 105 s behind a greyed button. The form shrinks each picture
// in the browser (lib/shrink-image.ts: longest side 2,048 px, a JPEG) and shows how much of the upload has gone up
// (lib/upload-progress.ts: XMLHttpRequest's upload events). jsdom decodes and draws no pictures and sends no
// XMLHttpRequest: the browser's picture decoder, canvas and XMLHttpRequest are stood in for here, so the test
// holds the upload and sends its progress itself (e2e/owner-tools.test.mjs shrinks a real photo in Chromium).
// jsdom's File and FormData do not reach Node's Request whole (the parts arrive without their bytes), so the
// files, blobs and forms here are Node's, one family as they are in a browser.

const categories: CategoryResponse[] = [
  { _id: 'c1', name: 'Phone Cases', parent: null, fullPath: 'Phone Cases', views: 0 },
  { _id: 'c2', name: 'Samsung', parent: 'c1', fullPath: 'Phone Cases > Samsung', views: 0 },
];

const product: ProductResponse = makeProduct({
  _id: 'p9',
  name: 'Clear Case',
  category: { _id: 'c2', name: 'Samsung' },
  price: 1000,
  finalPrice: 1000,
  description: 'A clear case.',
  color: null,
  quantity: 5,
  stock: 5,
  media: [],
});

/** The phone photo picked: 4.9 MB, 4,000 × 3,000 px as the stand-in decoder says. */
const PHOTO_BYTES = 4_900_000;
/** What the stand-in canvas encodes the redrawn picture to. */
const SHRUNK_BYTES = 310_000;

/** An XMLHttpRequest held until the test sends its upload's progress and its answer. */
class HeldRequest {
  static sent: HeldRequest[] = [];
  method = '';
  url = '';
  headers = new Headers();
  body: ArrayBuffer | null = null;
  withCredentials = false;
  responseType = '';
  status = 0;
  statusText = '';
  response: Blob | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  send(body: ArrayBuffer | null) {
    this.body = body;
    HeldRequest.sent.push(this);
  }

  abort() {
    this.onabort?.();
  }

  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }

  /** `loaded` of `total` bytes have gone up. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** The whole body has gone up and the server answers `status` with `body`. */
  answer(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.response = new Blob([JSON.stringify(body)], { type: 'application/json' });
    this.onload?.();
  }

  /** The multipart form the request carries. */
  form(): Promise<FormData> {
    return new Response(this.body, { headers: { 'Content-Type': this.headers.get('Content-Type') ?? '' } }).formData();
  }
}

interface Drawn {
  width: number;
  height: number;
}

/** Chromium's picture decoder and canvas, as far as shrinkImage uses them: every picture decodes at 4,000 × 3,000. */
function standInCanvas() {
  const drawn: Drawn[] = [];
  const closed = vi.fn();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(() => Promise.resolve({ width: 4000, height: 3000, close: closed })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      fillStyle: '',
      fillRect: () => undefined,
      drawImage: () => {
        drawn.push({ width: this.width, height: this.height });
      },
    } as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => {
    callback(new Blob([new Uint8Array(SHRUNK_BYTES)], { type }));
  });
  return { drawn, closed };
}

let previews = 0;

const JsdomFormData = FormData;
/** Node's FormData, File and Blob (undici's), the ones its Request reads, from answers Node's Response reads. */
const nodeForm = await new Response('--x\r\nContent-Disposition: form-data; name="f"; filename="f"\r\n\r\n\r\n--x--\r\n', {
  headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
}).formData();
const NodeFormData = nodeForm.constructor as typeof FormData;
const NodeFile = (nodeForm.get('f') as File).constructor as typeof File;
const NodeBlob = (await new Response('').blob()).constructor as typeof Blob;
/** A form's fields are read by jsdom's FormData (Node's reads no form), then carried in Node's. */
class MixedFormData extends NodeFormData {
  constructor(form?: HTMLFormElement) {
    super();
    if (form) for (const [name, value] of new JsdomFormData(form)) this.append(name, value);
  }
}

beforeEach(() => {
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('FormData', MixedFormData);
  HeldRequest.sent = [];
  previews = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal('XMLHttpRequest', HeldRequest);
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/**
 * Add Product against a shop that lists the categories. progressFetch goes through XMLHttpRequest only when
 * `fetch` is the browser's own: the mocked fetch is bound, so it reads as native code as the browser's does.
 */
async function openAddProduct() {
  const requested = mockFetch((url) => (url.pathname === '/api/categories' ? json(categories) : json({ message: 'Not found' }, 404)));
  const mocked = globalThis.fetch;
  vi.stubGlobal('fetch', mocked.bind(globalThis));
  expect(Function.prototype.toString.call(globalThis.fetch)).toContain('[native code]');
  renderWithProviders(<UploadProductRoute />, { route: '/admin/upload-product' });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Clear Case');
  await user.selectOptions(screen.getByLabelText('Category'), screen.getByRole('option', { name: 'Phone Cases > Samsung' }));
  await user.type(screen.getByLabelText('Price (Rs)'), '1000');
  await user.type(screen.getByLabelText('Quantity in stock'), '5');
  await user.type(screen.getByLabelText('Description'), 'A clear case.');
  return { user, requested };
}

describe('Add Product: pictures shrunk before upload, and the upload’s progress', () => {
  it('sends a 4.9 MB, 4,000 px photo as a 2,048 × 1,536 JPEG of 310 kB', async () => {
    const { drawn, closed } = standInCanvas();
    const { user } = await openAddProduct();
    const photo = new File([new Uint8Array(PHOTO_BYTES)], 'IMG_2041.png', { type: 'image/png' });
    expect(photo.size).toBe(4_900_000);

    await user.upload(screen.getByLabelText('Pictures'), photo);

    const added = await screen.findByRole('list', { name: 'New files' });
    expect(within(added).getByRole('img', { name: 'IMG_2041.jpg' })).toHaveAttribute('src', 'blob:preview-1');
    expect(drawn).toEqual([{ width: 2048, height: 1536 }]);
    expect(closed).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() => {
      expect(HeldRequest.sent).toHaveLength(1);
    });
    const [request] = HeldRequest.sent;
    if (!request) throw new Error('the upload was sent');
    expect(`${request.method} ${new URL(request.url).pathname}`).toBe('POST /api/products/upload');
    expect(request.withCredentials).toBe(true);
    const sent = (await request.form()).getAll('media');
    expect(sent).toHaveLength(1);
    const [media] = sent as File[];
    expect([media?.name, media?.type, media?.size]).toEqual(['IMG_2041.jpg', 'image/jpeg', 310_000]);
    expect(media?.size).toBeLessThan(photo.size);
    act(() => {
      request.answer(201, { product });
    });
    expect(await screen.findByText('✅ Product created')).toBeInTheDocument();
  });

  it('shows a progress bar that follows the upload while the button waits, and takes it away when the server answers', async () => {
    standInCanvas();
    const { user } = await openAddProduct();
    await user.upload(screen.getByLabelText('Pictures'), [
      new File([new Uint8Array(PHOTO_BYTES)], 'front.png', { type: 'image/png' }),
      new File([new Uint8Array(PHOTO_BYTES)], 'back.png', { type: 'image/png' }),
    ]);
    expect(await within(await screen.findByRole('list', { name: 'New files' })).findAllByRole('img')).toHaveLength(2);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading: 0%' });
    expect(bar).toHaveAttribute('max', '1');
    expect(bar).toHaveAttribute('value', '0');
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Product' })).toHaveAttribute('aria-busy', 'true');
    await vi.waitFor(() => {
      expect(HeldRequest.sent).toHaveLength(1);
    });
    const [request] = HeldRequest.sent;
    if (!request) throw new Error('the upload was sent');
    const total = request.body?.byteLength ?? 0;
    // Two shrunk pictures of 310 kB and the fields, not two photos of 4.9 MB.
    expect(total).toBeGreaterThan(2 * SHRUNK_BYTES);
    expect(total).toBeLessThan(2 * SHRUNK_BYTES + 2_000);

    // Whole bytes, as a browser counts them: the bar's value is their share of the body, its name the percent.
    const quarter = Math.round(total / 4);
    act(() => {
      request.progress(quarter, total);
    });
    expect(screen.getByRole('progressbar', { name: 'Uploading: 25%' })).toHaveAttribute('value', String(quarter / total));

    const threeFifths = Math.round((total * 3) / 5);
    act(() => {
      request.progress(threeFifths, total);
    });
    expect(screen.getByRole('progressbar', { name: 'Uploading: 60%' })).toHaveAttribute('value', String(threeFifths / total));
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();

    act(() => {
      request.answer(201, { product });
    });
    expect(await screen.findByText('✅ Product created')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled();
  });
});
