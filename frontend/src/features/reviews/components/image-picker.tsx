import { useId, type ChangeEvent } from 'react';

import reviewTexts from '@/i18n/en/reviews.json';
import { useMessages } from '@/lib/i18n';

import { MAX_REVIEW_IMAGES } from '../lib/review-form';

/** A chosen picture and the object URL of its preview. */
export interface ChosenImage {
  file: File;
  preview: string;
}

interface ImagePickerProps {
  images: readonly ChosenImage[];
  /** Called with the files picked (all of them: the form decides which to keep). */
  onPick: (picked: File[]) => void;
  onRemove: (index: number) => void;
}

/** 'Photos (optional)': a file input for pictures and a preview of each chosen one with its Remove button. */
export function ImagePicker({ images, onPick, onRemove }: ImagePickerProps) {
  const id = useId();
  const t = useMessages(reviewTexts, 'reviews');

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    // Cleared, so the same picture can be picked again after removing it.
    event.target.value = '';
    if (picked.length > 0) onPick(picked);
  }

  return (
    <div className="form-field review-images">
      <label htmlFor={id}>{t.photos()}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple
        disabled={images.length >= MAX_REVIEW_IMAGES}
        aria-describedby={`${id}-hint`}
        onChange={handleChange}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        {t.photosHint({ max: MAX_REVIEW_IMAGES, count: images.length })}
      </p>
      {images.length > 0 && (
        <ul className="review-images__list" aria-label={t.chosenPhotos()}>
          {images.map((image, index) => (
            <li key={image.preview} className="review-images__item">
              <img src={image.preview} alt={t.photo({ index: index + 1, name: image.file.name })} width={72} height={72} />
              <button
                type="button"
                className="review-images__remove"
                aria-label={t.removePhoto({ index: index + 1, name: image.file.name })}
                onClick={() => {
                  onRemove(index);
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
