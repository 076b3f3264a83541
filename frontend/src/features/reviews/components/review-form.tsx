import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';

import reviewTexts from '@/i18n/en/reviews.json';
import { useMessages, type Messages } from '@/lib/i18n';
import type { ServerReply } from '@/lib/server-reply';

import {
  acceptImages,
  MAX_REVIEW_IMAGE_BYTES,
  MAX_REVIEW_COMMENT_CHARS,
  MAX_REVIEWER_NAME_CHARS,
  reviewFields,
  reviewMessages,
  reviewProblem,
  type ReviewFields,
  type ReviewFormKind,
} from '../lib/review-form';

import { ImagePicker, type ChosenImage } from './image-picker';
import { RatingInput } from './rating-input';

import '@/components/ui/form.css';
import '../reviews.css';

interface ReviewFormProps {
  kind: ReviewFormKind;
  /** The form's accessible name: 'Review of {product}'. */
  label: string;
  /** The name typed in at first (the customer's own, on the internal form). */
  defaultName?: string;
  /** Sends the review; the form shows the server's message when refused, else 'Failed to submit review.' */
  onSend: (fields: ReviewFields, images: File[], onProgress: (fraction: number) => void) => Promise<ServerReply<unknown>>;
  /** Called once the review is stored. */
  onDone?: () => void;
}

/**
 * `message` as the page's language says it: the form's own texts from the reviews catalogue; the server's
 * (`review.gen.ts`) as they are.
 */
function ownText(message: string | null, t: Messages<typeof reviewTexts>): string | null {
  if (message === reviewMessages.submitFailed) return t.submitFailed();
  if (message === reviewMessages.internal.tooManyImages) return t.tooManyImages();
  if (message === reviewMessages.internal.imagesOnly) return t.imagesOnly();
  return message;
}

/**
 * The review form (docs/spec.md §2 'Review forms', §5): name, rating (no default on the token form, 5 on the
 * internal one), comment (optional on the token form) and up to 5 pictures, each previewed and removable
 * before sending; the first problem is shown and nothing is sent until it is fixed. After sending, the
 * thank-you state.
 */
export function ReviewForm({ kind, label, defaultName = '', onSend, onDone }: ReviewFormProps) {
  const id = useId();
  const t = useMessages(reviewTexts, 'reviews');
  const [rating, setRating] = useState(kind === 'internal' ? '5' : '');
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState(0);
  const imagesRef = useRef(images);

  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  // The previews' object URLs are released when the form goes away.
  useEffect(
    () => () => {
      for (const image of imagesRef.current) URL.revokeObjectURL(image.preview);
    },
    [],
  );

  // Each picture is shrunk first (longest side 2,048 px, JPEG): an 8 MB phone photo then fits the limit.
  async function pick(picked: File[]) {
    setPreparing(true);
    // Loaded when first needed, so the shrinking code is in no page's preloaded files.
    const shrunk = await import('@/lib/shrink-image')
      .then(({ shrinkImage }) => Promise.all(picked.map((file) => shrinkImage(file, MAX_REVIEW_IMAGE_BYTES))))
      .finally(() => {
        setPreparing(false);
      });
    const { accepted, message: refused } = acceptImages(images.length, shrunk, kind);
    setMessage(refused);
    setImages((current) => [...current, ...accepted.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  }

  function remove(index: number) {
    setMessage(null);
    setImages((current) => {
      const gone = current[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((_, at) => at !== index);
    });
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || preparing) return;
    const fields = reviewFields.parse({ ...Object.fromEntries(new FormData(event.currentTarget)), rating });
    const problem = reviewProblem(fields, kind);
    setMessage(problem);
    if (problem) return;
    setPending(true);
    setProgress(0);
    const reply = await onSend(
      { ...fields, reviewerName: fields.reviewerName.trim(), comment: fields.comment.trim() },
      images.map((image) => image.file),
      setProgress,
    ).finally(() => {
      setPending(false);
    });
    if (reply.kind === 'done') {
      setDone(true);
      // The thank-you replaces the taller form: the page goes back to its top, where it shows.
      scrollTo(0, 0);
      onDone?.();
    } else {
      setMessage((reply.kind === 'refused' ? reply.message : undefined) ?? reviewMessages.submitFailed);
    }
  }

  const errorId = `${id}-error`;
  const nameInvalid = message === reviewMessages[kind].nameRequired;

  if (done) {
    return (
      <div className="form-card review-thanks" role="status">
        <p className="review-thanks__title">{t.thanks()}</p>
        <p>{t.thanksText()}</p>
      </div>
    );
  }

  return (
    <form className="form-card review-form" aria-label={label} noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{t.yourName()}</label>
        <input
          id={`${id}-name`}
          name="reviewerName"
          type="text"
          autoComplete="name"
          maxLength={MAX_REVIEWER_NAME_CHARS}
          defaultValue={defaultName}
          required
          aria-invalid={nameInvalid || undefined}
          aria-describedby={nameInvalid ? errorId : undefined}
        />
      </div>
      <RatingInput
        name={`${id}-rating`}
        value={rating}
        onChange={setRating}
        invalid={message === reviewMessages.ratingInvalid}
        describedBy={message === reviewMessages.ratingInvalid ? errorId : undefined}
      />
      <div className="form-field">
        <label htmlFor={`${id}-comment`}>{kind === 'token' ? t.commentOptional() : t.comment()}</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={4}
          maxLength={MAX_REVIEW_COMMENT_CHARS}
          required={kind === 'internal'}
          aria-invalid={(kind === 'internal' && nameInvalid) || undefined}
          aria-describedby={kind === 'internal' && nameInvalid ? errorId : undefined}
        />
      </div>
      <ImagePicker images={images} onPick={(picked) => void pick(picked)} onRemove={remove} />
      {preparing && (
        <p className="form-field__hint" role="status">
          {t.preparing()}
        </p>
      )}
      {pending && images.length > 0 && (
        <div className="form-field">
          <label htmlFor={`${id}-progress`}>{t.uploading({ percent: Math.round(progress * 100) })}</label>
          <progress id={`${id}-progress`} max={1} value={progress} />
        </div>
      )}
      <p id={errorId} className="form-field__error" role="alert">
        {ownText(message, t)}
      </p>
      <button type="submit" className="button button--large" aria-disabled={pending || preparing} aria-busy={pending}>
        {pending ? t.submitting() : t.submit()}
      </button>
    </form>
  );
}
