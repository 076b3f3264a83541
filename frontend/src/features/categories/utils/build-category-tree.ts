import type { Category, CategoryNode } from '../types';

/**
 * Nests a flat category list by `parent`. Categories whose parent is missing from the list
 * are treated as roots, so nothing disappears from the menu. Siblings keep the API's order.
 */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  for (const category of categories) {
    nodes.set(category._id, { category, children: [] });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.category.parent;
    const parent = parentId == null ? undefined : nodes.get(parentId);
    if (parent && parent !== node) {
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  return roots;
}
