import { useId, useState, type SubmitEvent } from 'react';
import * as z from 'zod/mini';

import type { CategoryResponse } from '@/api/generated';
import { failureMessage, type Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';

import { useAddCategoryMutation } from '../api/categories';
import { catalogueMessages } from '../lib/messages';

const categoryFields = z.object({
  name: z.string().check(z.trim()),
  nameUr: z._default(z.string().check(z.trim()), ''),
  parent: z._default(z.string(), ''),
});

/**
 * Adds a category (docs/spec.md §5 'Add category'): a name, required, and optionally a parent picked by its full
 * path. '✅ Category added' or '❌ {message or Something went wrong}'.
 */
export function CategoryForm({ categories }: { categories: CategoryResponse[] }) {
  const add = useAddCategoryMutation();
  const toOutcome = useReplyOutcome();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nameId = useId();
  const nameUrId = useId();
  const parentId = useId();
  const messageId = useId();

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = categoryFields.parse(Object.fromEntries(new FormData(form)));
    if (fields.name === '') {
      setOutcome({ tone: 'error', message: failureMessage(catalogueMessages.categoryNameRequired) });
      return;
    }
    setOutcome(null);
    const reply = await add.mutateAsync(fields);
    setOutcome(toOutcome(reply, catalogueMessages.categoryAdded));
    if (reply.kind === 'done') form.reset();
  }

  return (
    <form className="form-card" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Add category">
      <div className="form-field">
        <label htmlFor={nameId}>Category name</label>
        <input id={nameId} name="name" type="text" required autoComplete="off" aria-describedby={messageId} />
      </div>
      <div className="form-field">
        <label htmlFor={nameUrId}>Urdu name (optional)</label>
        <input id={nameUrId} name="nameUr" type="text" lang="ur" dir="rtl" autoComplete="off" />
      </div>
      <div className="form-field">
        <label htmlFor={parentId}>Parent category (optional)</label>
        <select id={parentId} name="parent" defaultValue="">
          <option value="">None (a main category)</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.fullPath}
            </option>
          ))}
        </select>
      </div>
      <OutcomeMessage outcome={outcome} id={messageId} />
      <button type="submit" className="button admin-form__submit" disabled={add.isPending} aria-busy={add.isPending}>
        Add Category
      </button>
    </form>
  );
}
