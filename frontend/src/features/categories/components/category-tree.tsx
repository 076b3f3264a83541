import { useState } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { localText } from '@/lib/i18n';

import type { CategoryNode } from '../types';

interface CategoryTreeProps {
  nodes: readonly CategoryNode[];
  /** Called when a category is chosen, e.g. to close the menu. */
  onNavigate?: () => void;
  id?: string;
  /** The category whose sub-categories these are: its own page is offered first ('All {name}'). */
  parent?: CategoryNode['category'];
}

/**
 * Nested category list: entries with sub-categories expand on click (docs/spec.md 'Category menu') and then
 * offer their own page of all their products first, 'All {name}'; the others link to their page.
 */
export function CategoryTree({ nodes, onNavigate, id, parent }: CategoryTreeProps) {
  return (
    <ul className="category-tree" id={id}>
      {parent && (
        <li>
          <Link to={paths.category.getHref(parent._id)} className="category-tree__link category-tree__all" onClick={onNavigate}>
            All {localText(parent.name, parent.nameUr)}
          </Link>
        </li>
      )}
      {nodes.map((node) => (
        <CategoryTreeItem key={node.category._id} node={node} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

function CategoryTreeItem({ node, onNavigate }: { node: CategoryNode; onNavigate?: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const { category, children } = node;
  const listId = `category-children-${category._id}`;

  if (children.length === 0) {
    return (
      <li>
        <Link to={paths.category.getHref(category._id)} className="category-tree__link" onClick={onNavigate}>
          {localText(category.name, category.nameUr)}
        </Link>
      </li>
    );
  }

  return (
    <li>
      <button
        type="button"
        className="category-tree__toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => {
          setExpanded((open) => !open);
        }}
      >
        {localText(category.name, category.nameUr)}
        <span aria-hidden="true">{expanded ? '−' : '+'}</span>
      </button>
      {expanded && <CategoryTree nodes={children} onNavigate={onNavigate} id={listId} parent={category} />}
    </li>
  );
}
