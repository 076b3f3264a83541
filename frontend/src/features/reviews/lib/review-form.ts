import {
  MAX_REVIEW_COMMENT_CHARS,
  MAX_REVIEW_IMAGE_BYTES,
  MAX_REVIEW_IMAGES,
  MAX_REVIEWER_NAME_CHARS,
  reviewFieldsRequired,
  reviewImageTooLarge,
  reviewImagesOnly,
  reviewNameRequired,
  reviewRatingInvalid,
  reviewTooManyImages,
} from '@/api/rules/review.gen';
import * as z from 'zod/mini';

/** Which form: the e-mailed link's (/add-review, /review) or the signed-in customer's (/internal-review, My Orders). */
export type ReviewFormKind = 'token' | 'internal';

/** The review forms' messages (docs/spec.md §5 'Token review', 'Internal review'; §8 'Review submit'). */
export const reviewMessages = {
  token: {
    nameRequired: reviewNameRequired,
    tooManyImages: reviewTooManyImages,
    imagesOnly: reviewImagesOnly,
  },
  internal: {
    nameRequired: reviewFieldsRequired,
    tooManyImages: 'You can upload up to 5 images.',
    imagesOnly: 'Only image files are allowed.',
  },
  ratingInvalid: reviewRatingInvalid,
  imageTooLarge: reviewImageTooLarge,
  submitFailed: 'Failed to submit review.',
  thanks: 'Thank you for your review!',
} as const;

export { MAX_REVIEW_COMMENT_CHARS, MAX_REVIEW_IMAGE_BYTES, MAX_REVIEW_IMAGES, MAX_REVIEWER_NAME_CHARS };

/** The picture types the server takes (judged again there by their bytes). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const IMAGE_NAME = /\.(jpe?g|png|webp|gif)$/i;

/** A picture the server will take: JPEG, PNG, WebP or GIF (by type, or by name when the phone gives no type). */
export function isReviewImage(file: File): boolean {
  return file.type === '' ? IMAGE_NAME.test(file.name) : IMAGE_TYPES.has(file.type);
}

/**
 * Which of the picked files may join the `chosen` already there: pictures only, each at most 5 MB, at most 5
 * in all (the first that fit). Answers them and the message for what was left out, if anything was.
 */
export function acceptImages(
  chosen: number,
  picked: readonly File[],
  kind: ReviewFormKind,
): { accepted: File[]; message: string | null } {
  const messages = reviewMessages[kind];
  let message: string | null = null;
  const accepted: File[] = [];
  for (const file of picked) {
    if (!isReviewImage(file)) message ??= messages.imagesOnly;
    else if (file.size > MAX_REVIEW_IMAGE_BYTES) message ??= reviewMessages.imageTooLarge;
    else if (chosen + accepted.length >= MAX_REVIEW_IMAGES) message ??= messages.tooManyImages;
    else accepted.push(file);
  }
  return { accepted, message };
}

/** The form's fields as typed. */
export const reviewFields = z.object({
  reviewerName: z._default(z.string(), ''),
  comment: z._default(z.string(), ''),
  rating: z._default(z.string(), ''),
});
export type ReviewFields = z.infer<typeof reviewFields>;

/** A whole number of stars from 1 to 5, or null. */
export function ratingOf(text: string): number | null {
  const rating = Number(text);
  return Number.isInteger(rating) && rating >= 1 && rating <= 5 && text.trim() !== '' ? rating : null;
}

/**
 * The first message the fields call for before sending, or null: the token form needs a name and a rating
 * (the comment is optional); the internal form needs a name, a comment and a rating.
 */
export function reviewProblem(fields: ReviewFields, kind: ReviewFormKind): string | null {
  if (fields.reviewerName.trim() === '') return reviewMessages[kind].nameRequired;
  if (kind === 'internal' && fields.comment.trim() === '') return reviewMessages.internal.nameRequired;
  if (ratingOf(fields.rating) === null) return reviewMessages.ratingInvalid;
  return null;
}
