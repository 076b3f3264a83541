import { useId, useState, type SubmitEvent } from 'react';

import type { CategoryResponse } from '@/api/generated';
import { failureMessage, type Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';

import { useDeleteCategoryMutation, useRenameCategoryMutation } from '../api/categories';
import { catalogueMessages } from '../lib/messages';

/** The categories whose parent is `parent` (null: the roots), in the server's order. */
function childrenOf(categories: CategoryResponse[], parent: string | null): CategoryResponse[] {
  return categories.filter((category) => (category.parent ?? null) === parent);
}

/**
 * Every category as a tree, each with Rename and Delete. A category that still has products or
 * sub-categories cannot be deleted; the server's message says so.
 */
export function CategoryTree({ categories }: { categories: CategoryResponse[] }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const known = new Set(categories.map((category) => category._id));
  // A category whose parent is missing from the list still shows, at the top level.
  const roots = categories.filter((category) => category.parent == null || !known.has(category.parent));

  if (categories.length === 0) return <p className="status-text">No categories yet.</p>;

  return (
    <>
      <OutcomeMessage outcome={outcome} />
      <ul className="admin-tree">
        {roots.map((category) => (
          <CategoryNode key={category._id} category={category} categories={categories} onOutcome={setOutcome} />
        ))}
      </ul>
    </>
  );
}

interface CategoryNodeProps {
  category: CategoryResponse;
  categories: CategoryResponse[];
  onOutcome: (outcome: Outcome) => void;
}

function CategoryNode({ category, categories, onOutcome }: CategoryNodeProps) {
  const rename = useRenameCategoryMutation();
  const remove = useDeleteCategoryMutation();
  const toOutcome = useReplyOutcome();
  const [renaming, setRenaming] = useState(false);
  const inputId = useId();
  const children = childrenOf(categories, category._id);

  async function handleRename(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const entry = new FormData(event.currentTarget).get('name');
    const name = typeof entry === 'string' ? entry.trim() : '';
    if (name === '') {
      onOutcome({ tone: 'error', message: failureMessage(catalogueMessages.categoryNameRequired) });
      return;
    }
    const reply = await rename.mutateAsync({ id: category._id, name });
    onOutcome(toOutcome(reply, catalogueMessages.categoryRenamed));
    if (reply.kind === 'done') setRenaming(false);
  }

  async function handleDelete() {
    if (!window.confirm(`Delete the category "${category.fullPath}"?`)) return;
    const reply = await remove.mutateAsync(category._id);
    onOutcome(toOutcome(reply, catalogueMessages.categoryDeleted));
  }

  return (
    <li>
      {renaming ? (
        <form className="admin-row admin-row--form" onSubmit={(event) => void handleRename(event)} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            New name for {category.fullPath}
          </label>
          <input id={inputId} name="name" type="text" defaultValue={category.name} required autoComplete="off" />
          <div className="admin-row__actions">
            <button type="submit" className="button" disabled={rename.isPending}>
              Save
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setRenaming(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="admin-row">
          <span className="admin-row__title">{category.name}</span>
          <div className="admin-row__actions">
            <button
              type="button"
              className="button button--secondary"
              aria-label={`Rename ${category.fullPath}`}
              onClick={() => {
                setRenaming(true);
              }}
            >
              Rename
            </button>
            <button
              type="button"
              className="button button--secondary admin-button--danger"
              aria-label={`Delete ${category.fullPath}`}
              disabled={remove.isPending}
              onClick={() => void handleDelete()}
            >
              Delete
            </button>
          </div>
        </div>
      )}
      {children.length > 0 && (
        <ul>
          {children.map((child) => (
            <CategoryNode key={child._id} category={child} categories={categories} onOutcome={onOutcome} />
          ))}
        </ul>
      )}
    </li>
  );
}
