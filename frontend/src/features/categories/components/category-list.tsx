import { useCategoryTree } from '../hooks/use-category-tree';

import { CategoryTree } from './category-tree';

interface CategoryListProps {
  /** Called when a leaf category is chosen, e.g. to close the menu. */
  onNavigate?: () => void;
  /** The class of the line shown when the shop has no categories. */
  emptyClassName?: string;
}

/** Every category as a nested tree, or a line saying there are none (a failed fetch counts as none). */
export default function CategoryList({ onNavigate, emptyClassName }: CategoryListProps) {
  const tree = useCategoryTree();
  return tree.length === 0 ? (
    <p className={emptyClassName}>No categories yet.</p>
  ) : (
    <CategoryTree nodes={tree} onNavigate={onNavigate} />
  );
}
