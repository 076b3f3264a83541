/**
 * Pictures shrunk in the browser before they are sent (docs/frontend.md, Photos): a phone photo of 4 to 12 MB
 * becomes a JPEG whose longest side is at most 2,048 px, a few hundred kB, so it goes up in seconds on a slow
 * line and fits the server's limits, which stay the authority. A GIF (perhaps animated) and a picture the
 * browser cannot decode are sent as they are.
 */

/** The longest side of a picture sent, in pixels. */
export const MAX_IMAGE_SIDE = 2048;

/** The JPEG qualities tried in turn until the picture fits its byte limit. */
const QUALITIES = [0.85, 0.72, 0.6, 0.45] as const;

/** The size a `width`×`height` picture is drawn at: its longest side at most `maxSide`, never enlarged, the ratio kept. */
export function fittedSize(width: number, height: number, maxSide = MAX_IMAGE_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a picture must be redrawn: larger than `maxSide` on its longest side, or over `maxBytes`. */
export function needsShrinking(bytes: number, width: number, height: number, maxBytes: number, maxSide = MAX_IMAGE_SIDE): boolean {
  return Math.max(width, height) > maxSide || bytes > maxBytes;
}

/** `photo.png` → `photo.jpg`. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    canvas.toBlob(resolve, 'image/jpeg', quality);
  });
}

/**
 * `file` shrunk to a JPEG of at most `maxSide` px on its longest side and at most `maxBytes` when it needs it
 * (see [`needsShrinking`]), else `file` itself; also `file` when it is a GIF or cannot be decoded here.
 */
export async function shrinkImage(file: File, maxBytes: number, maxSide = MAX_IMAGE_SIDE): Promise<File> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    if (!needsShrinking(file.size, bitmap.width, bitmap.height, maxBytes, maxSide)) return file;
    const size = fittedSize(bitmap.width, bitmap.height, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG gets a white ground, not a black one.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    for (const quality of QUALITIES) {
      const blob = await canvasBlob(canvas, quality);
      if (blob && blob.size <= maxBytes) return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
    }
    return file;
  } finally {
    bitmap.close();
  }
}
